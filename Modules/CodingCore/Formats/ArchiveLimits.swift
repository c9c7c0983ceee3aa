/// Limits every decoder and encoder of the suite applies by default.
public enum ArchiveLimits {
    /// The default `maximumDepth` of every coder: how deeply values may nest, counted through
    /// references, before coding stops with an error instead of exhausting the stack.
    public static let defaultMaximumDepth = 512
}
