/// One reusable keyed container per key type, for the encoding and decoding contexts, and the
/// other keyed containers a context handed out.
///
/// `KeyedEncodingContainer` and `KeyedDecodingContainer` are each a single reference to a box
/// that holds the concrete container. A context whose containers are made with frame −1 ("the
/// current frame") can hand out the same box for every value of one key type, which saves an
/// allocation per object. Call ``removeAll()`` when the top-level call ends: the encoder's boxes
/// point back at their context (a cycle to break). The decoder's do not retain theirs, so it
/// asks ``heldElsewhere()`` first which boxes user code still holds (see ``KeptDecodingContexts``).
struct KeyedContainerCache {
    private typealias Entry = (key: ObjectIdentifier, box: AnyObject)

    private var boxes: [Entry] = []
    /// Boxes handed out besides the cached ones (nested containers), for ``removeAll()`` to check.
    private var issued: [Entry] = []
    /// When ``issued`` reaches this size, the boxes nothing else holds any more are dropped.
    private var issuedLimit = 64

    /// Whether a `Container` is a single reference, and so can be cached (or tracked) as its box.
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

    /// Keeps `container`, a container for `Key`, until ``removeAll()``. `Container` must pass
    /// ``canReuse(_:)``.
    mutating func track<Key: CodingKey, Container>(_ container: Container, for _: Key.Type) {
        if issued.count == issuedLimit {
            issued = Self.held(in: &issued)
            issuedLimit = max(64, issued.count * 2)
        }
        issued.append((ObjectIdentifier(Key.self), unsafeBitCast(container, to: AnyObject.self)))
    }

    /// The boxes that something besides this cache holds (user code that kept a container).
    mutating func heldElsewhere() -> [AnyObject] {
        let held = issued.isEmpty ? Self.held(in: &boxes) : Self.held(in: &boxes) + Self.held(in: &issued)
        return held.map(\.box)
    }

    /// Drops every cached and tracked container.
    mutating func removeAll() {
        // Emptied from the end, keeping the storage for the next call of a reused context
        // (`removeAll(keepingCapacity:)` costs more for the few entries here).
        while boxes.popLast() != nil {}
        if !issued.isEmpty { issued.removeAll() }
    }

    /// The entries of `entries` whose boxes something besides `entries` holds.
    ///
    /// Checked through a buffer pointer: an array subscript or a value taken out of the array can
    /// leave a copy of the reference alive in an unoptimized build (Swift 6 language mode), and
    /// every box would then look held.
    private static func held(in entries: inout [Entry]) -> [Entry] {
        var held: [Entry] = []
        entries.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices where !isKnownUniquelyReferenced(&buffer[index].box) {
                held.append(buffer[index])
            }
        }
        return held
    }
}
