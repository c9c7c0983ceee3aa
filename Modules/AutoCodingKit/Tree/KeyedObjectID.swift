/// The identity of an object in a ``KeyedObjectGraph``: its position in the graph's object table.
public struct KeyedObjectID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The position in ``KeyedObjectGraph/objects``.
    public var index: Int

    /// The identity of the object at `index`.
    public init(_ index: Int) {
        self.index = index
    }

    /// Orders identities by table position.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.index < rhs.index }

    /// `#index`.
    public var description: String { "#\(index)" }
}
