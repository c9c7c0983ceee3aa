/// A whole keyed archive as an untyped graph: the root value and the objects with identity.
///
/// Read one with ``KeyedUnarchiver/objectGraph(from:maximumDepth:)`` and write one with
/// ``KeyedArchiver/archivedData(with:outputFormat:maximumDepth:)``. Objects refer to each other through
/// ``KeyedArchiveValue/object(_:)``, so a graph may share objects and contain cycles.
public struct KeyedObjectGraph: Hashable, Sendable {
    /// The archive's root (`$top.root`).
    public var root: KeyedArchiveValue
    /// The objects with identity; ``KeyedObjectID/index`` is the position here.
    public var objects: [KeyedArchiveObject]

    /// Creates a graph.
    public init(root: KeyedArchiveValue, objects: [KeyedArchiveObject] = []) {
        self.root = root
        self.objects = objects
    }

    /// The object with identity `id`, or `nil` when the graph has none there.
    public subscript(id: KeyedObjectID) -> KeyedArchiveObject? {
        objects.indices.contains(id.index) ? objects[id.index] : nil
    }
}
