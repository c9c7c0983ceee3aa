/// One reusable keyed container per key type, for the encoding and decoding contexts.
///
/// `KeyedEncodingContainer` and `KeyedDecodingContainer` are each a single reference to a box
/// that holds the concrete container. A context whose containers are made with frame −1 ("the
/// current frame") can hand out the same box for every value of one key type, which saves an
/// allocation per object. The boxes point back at their context: call ``removeAll()`` when the
/// top-level call ends, to break that cycle.
struct KeyedContainerCache {
    private var boxes: [(key: ObjectIdentifier, box: AnyObject)] = []

    /// Whether a `Container` is a single reference, and so can be cached as its box.
    @inline(__always)
    static func canReuse<Container>(_: Container.Type) -> Bool {
        MemoryLayout<Container>.size == MemoryLayout<AnyObject>.size
    }

    /// The cached container for `Key`, or the one `make` creates, which is cached from now on.
    /// `Container` must pass ``canReuse(_:)``.
    @inline(__always)
    mutating func container<Key: CodingKey, Container>(for _: Key.Type, _ make: () -> Container) -> Container {
        let id = ObjectIdentifier(Key.self)
        for entry in boxes where entry.key == id {
            return unsafeBitCast(entry.box, to: Container.self)
        }
        let container = make()
        boxes.append((id, unsafeBitCast(container, to: AnyObject.self)))
        return container
    }

    /// Drops every cached container (and with it the containers' references to the context).
    mutating func removeAll() {
        // Emptied from the end, keeping the storage for the next call of a reused context.
        while boxes.popLast() != nil {}
    }
}
