import Foundation

/// An archive read without model types: every value a node, aliases resolved to shared nodes.
///
/// This is the untyped reader (`HRCoder.object(with:)`): it needs no registered classes,
/// builds nothing, and — unlike a typed decode — resolves cycles and `$root` aliases, because
/// a node's number is fixed before its children are read. Identity is the node number: two
/// positions holding the same number hold the same object. Nodes refer to each other by
/// number, so cyclic graphs cost no reference cycles.
///
/// A position is identified by its keys and indices as they are, never by a joined string: in
/// `{"a":{"b":[1]},"a.b":[2]}` the two arrays are two nodes. An `$alias` names its target with a
/// key path split at every `.` into keys and decimal array indices, without escaping, as the
/// original's key-path lookup did: `"a.b"` is the value of key `b` inside key `a`; a key that
/// itself contains a dot is kept as a key but cannot be the target of an alias.
public struct HRObjectGraph: Sendable, Equatable {
    /// One value of the graph.
    public enum Node: Sendable, Equatable {
        /// A string, number, boolean, date, data or null (`HRValue` scalar cases only).
        case scalar(HRValue)
        /// An array: the node numbers of its elements.
        case array([Int])
        /// A dictionary without `$class`: the node number of each value.
        case dictionary([String: Int])
        /// A `$class` dictionary: the recorded class name and the node number of each other key.
        case object(className: String, properties: [String: Int])
    }

    /// Every node; a node's identity is its index here.
    public let nodes: [Node]
    /// The number of the root node.
    public let root: Int

    /// The node with number `index`.
    public subscript(index: Int) -> Node { nodes[index] }
}
