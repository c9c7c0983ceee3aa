import Foundation

extension KeyedObjectGraph: CustomStringConvertible {
    /// The graph from its root as one readable line, each object written where it is first
    /// reached: `[Person(name: "Ann", friend: #1 Person(name: "Bob", friend: #1)), #1]`.
    ///
    /// An object reached more than once (shared, or on a cycle) is labelled with its identifier
    /// (`#1`) the first time and written as that label after that; trees nested more than 64
    /// levels deep are cut with `…`.
    public var description: String {
        var writer = TreeDescription(shared: sharedObjects)
        root.write(to: &writer, in: self)
        return writer.text
    }

    /// The indices of the objects reached more than once from the root, found without recursion.
    private var sharedObjects: Set<Int> {
        var seen: Set<Int> = []
        var shared: Set<Int> = []
        var pending = root.referencedObjects
        while let id = pending.popLast() {
            guard seen.insert(id.index).inserted else {
                shared.insert(id.index)
                continue
            }
            pending.append(contentsOf: self[id]?.values.flatMap(\.referencedObjects) ?? [])
        }
        return shared
    }
}
