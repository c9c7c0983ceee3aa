/// Limits every decoder and encoder of the suite applies by default.
public enum ArchiveLimits {
    /// The default `maximumDepth` of every coder: how deeply values may nest, counted through
    /// references, before coding stops with an error instead of exhausting the stack.
    public static let defaultMaximumDepth = 512

    /// The default `maximumExpansion` of every decoder: how many values a decode may
    /// materialise per byte of input, counting a shared value once per place it appears.
    ///
    /// A file without sharing needs at least one byte per value; references let a small file
    /// stand for an astronomically large value (a "billion laughs" bomb). A decoder stops with
    /// an error once it has materialised more than ``expansionBudget(inputSize:maximumExpansion:)``
    /// values.
    public static let defaultMaximumExpansion = 8

    /// The smallest expansion budget, whatever the input size, so small archives that share
    /// values legitimately decode.
    public static let minimumExpansionBudget = 1 << 16

    /// The default limit of every file read of the suite (``FileContents``, the formats' and
    /// kits' file APIs): 256 MiB. A larger file is refused, after one `fstat`, before any of it
    /// is read.
    ///
    /// Model files are small: a 100 000-item todo list is a few MiB in every format. A file
    /// over this size is almost always the wrong file (a disk image, a sparse or growing file),
    /// and decoding one would need several times its size in memory anyway. Every file API
    /// takes a `limit` to raise it for a genuine large archive.
    public static let defaultMaximumFileSize = 256 << 20

    /// The number of values a decode of `inputSize` bytes (or values) may materialise:
    /// `maximumExpansion × inputSize`, at least ``minimumExpansionBudget``.
    public static func expansionBudget(inputSize: Int, maximumExpansion: Int) -> Int {
        let (product, overflow) = max(0, inputSize).multipliedReportingOverflow(by: max(0, maximumExpansion))
        return max(minimumExpansionBudget, overflow ? Int.max : product)
    }
}
