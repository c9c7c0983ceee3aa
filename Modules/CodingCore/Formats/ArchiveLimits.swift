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

    /// The number of values a decode of `inputSize` bytes (or values) may materialise:
    /// `maximumExpansion × inputSize`, at least ``minimumExpansionBudget``.
    public static func expansionBudget(inputSize: Int, maximumExpansion: Int) -> Int {
        let (product, overflow) = max(0, inputSize).multipliedReportingOverflow(by: max(0, maximumExpansion))
        return max(minimumExpansionBudget, overflow ? Int.max : product)
    }
}
