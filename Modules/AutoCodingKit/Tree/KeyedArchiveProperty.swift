/// A key and its value: a property of an archived object, or an entry of an inline dictionary.
public struct KeyedArchiveProperty: Hashable, Sendable {
    /// The key, e.g. `"NS.time"` or a model's property name.
    public var key: String
    /// The value stored under the key.
    public var value: KeyedArchiveValue

    /// Creates a property.
    public init(_ key: String, _ value: KeyedArchiveValue) {
        self.key = key
        self.value = value
    }
}
