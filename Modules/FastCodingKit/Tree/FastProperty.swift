/// A property of a custom object in a ``FastValue`` tree.
public struct FastProperty {
    /// The property key from the class definition.
    public var name: String
    /// The property's value (`.absent` for nil).
    public var value: FastValue
    /// Creates a property.
    public init(_ name: String, _ value: FastValue) {
        self.name = name
        self.value = value
    }
}
