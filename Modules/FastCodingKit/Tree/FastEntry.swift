/// A dictionary entry or an NSCoded pair of a ``FastValue`` tree.
public struct FastEntry {
    /// The entry's key (any kind of value).
    public var key: FastValue
    /// The entry's value.
    public var value: FastValue
    /// Creates an entry.
    public init(key: FastValue, value: FastValue) {
        self.key = key
        self.value = value
    }
}
