/// One reusable keyed container per key type, for the encoding and decoding contexts, and the
/// other keyed containers a context handed out.
///
/// `KeyedEncodingContainer` and `KeyedDecodingContainer` are each a single reference to a box
/// that holds the concrete container. A context whose containers are made with frame −1 ("the
/// current frame") can hand out the same box for every value of one key type, which saves an
/// allocation per object, and returns it through a ``CachedContainerCopier``, which saves a
/// type-metadata look-up per object. Call ``removeAll()`` when the top-level call ends: the
/// encoder's boxes point back at their context (a cycle to break). The decoder's do not retain
/// theirs, so it asks ``heldElsewhere()`` first which boxes user code still holds (see
/// ``KeptDecodingContexts``).
struct KeyedContainerCache {
    /// A box handed out for the key type `key`; a cached one has the copier that returns it.
    private struct Entry {
        let key: ObjectIdentifier
        var box: AnyObject
        var copier: AnyObject?
    }

    private var boxes: [Entry] = []
    /// Boxes handed out besides the cached ones (nested containers), for ``removeAll()`` to check.
    private var issued: [Entry] = []
    /// When ``issued`` reaches this size, the boxes nothing else holds any more are dropped.
    private var issuedLimit = 64

    /// Every key type's ``CachedContainerCopier``, made once per process. Keyed by the key type
    /// alone, so the decoding and the encoding contexts each pass a table of their own.
    private let copiers: SharedTypeCache<AnyObject>

    /// An empty cache whose copiers come from `copiers`, a table that holds copiers for one
    /// container type (`KeyedDecodingContainer` or `KeyedEncodingContainer`) only.
    init(copiers: SharedTypeCache<AnyObject>) {
        self.copiers = copiers
    }

    /// Whether `KeyedDecodingContainer` and `KeyedEncodingContainer` are each a single reference
    /// (to the box holding the concrete container), so that the box can be cached or tracked.
    /// Their layout does not depend on the key type, so one key type answers for all, once:
    /// asked per key type, the size would cost a metadata look-up per call.
    static let containersAreOneReference =
        MemoryLayout<KeyedDecodingContainer<ArchiveCodingKey>>.size == MemoryLayout<AnyObject>.size
        && MemoryLayout<KeyedEncodingContainer<ArchiveCodingKey>>.size == MemoryLayout<AnyObject>.size

    /// The cached container for `Key` (a `Container`, the type ``cache(_:for:)`` was given for
    /// `Key`) and the copier that returns it as one, or nil when none is cached yet.
    @inline(__always)
    func cached<Key: CodingKey, Container>(for _: Key.Type)
        -> (box: AnyObject, copier: CachedContainerCopier<Container>)?
    {
        let id = ObjectIdentifier(Key.self)
        for entry in boxes where entry.key == id {
            let copier = unsafeDowncast(entry.copier.unsafelyUnwrapped, to: CachedContainerCopier<Container>.self)
            return (entry.box, copier)
        }
        return nil
    }

    /// Caches `container`, the one for `Key`, when ``containersAreOneReference``.
    ///
    /// Its copier is kept as an `AnyObject`: ``cached(for:)`` casts it back with `unsafeDowncast`,
    /// which needs no metadata (the copier class's metadata for a `Container` known only at run
    /// time costs a look-up as well).
    mutating func cache<Key: CodingKey, Container>(_ container: Container, for _: Key.Type) {
        let key = ObjectIdentifier(Key.self)
        let copier = copiers.value(for: key) { CachedContainerCopier<Container>() }
        boxes.append(Entry(key: key, box: unsafeBitCast(container, to: AnyObject.self), copier: copier))
    }

    /// Keeps `container`, a container for `Key`, until ``removeAll()``, when
    /// ``containersAreOneReference``.
    mutating func track<Key: CodingKey, Container>(_ container: Container, for _: Key.Type) {
        if issued.count == issuedLimit {
            issued = Self.held(in: &issued)
            issuedLimit = max(64, issued.count * 2)
        }
        issued.append(Entry(key: ObjectIdentifier(Key.self), box: unsafeBitCast(container, to: AnyObject.self)))
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
