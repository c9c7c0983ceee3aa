/// One entry of an archived `NSDictionary`: keys may be any value (strings, numbers, objects).
public struct KeyedArchiveEntry: Hashable, Sendable {
    /// The entry's key.
    public var key: KeyedArchiveValue
    /// The entry's value.
    public var value: KeyedArchiveValue

    /// Creates an entry.
    public init(_ key: KeyedArchiveValue, _ value: KeyedArchiveValue) {
        self.key = key
        self.value = value
    }
}
