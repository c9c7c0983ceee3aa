import CodingCore
import Foundation

/// The state of one `FastDecoder.decode` call, and the `Decoder` every `init(from:)` receives.
///
/// Reads the bytes front to back, keeping the three caches of the format in step with the
/// writer. Values that must be read again (aliases of value types, keys asked out of wire
/// order, dictionary entries) are re-read from their recorded offset in *replay* mode, in
/// which no cache entry is added a second time.
final class FastDecodingContext: Decoder {
    struct ObjectEntry {
        /// Offset of the chunk's type byte.
        var offset: Int
        /// The class instance built from this slot, once finished. Unmanaged, so the table is
        /// plain data and freeing it costs no release per entry: ``FastDecodingContext/instances``
        /// keeps every instance alive (see ``FastDecodingContext/keep(_:)``).
        var instanceReference: Unmanaged<AnyObject>? = nil
        /// `true` while the instance is being decoded.
        var building = false
        /// While building: the index of the frame the instance is read in (sits in the padding
        /// after `building`).
        var frame: Int32 = -1
        /// How many levels the finished instance's values reach, itself included (at most
        /// `maximumDepth + 1`; 1 while a two-phase instance is still being filled, as an alias to
        /// it then is a back-reference to an ancestor).
        var height: Int32 = 1

        var instance: AnyObject? { instanceReference?.takeUnretainedValue() }
    }

    struct ClassEntry {
        let name: String
        let keys: [String]
        /// Where its ClassDefinition chunk was read (see ``FastDecodingContext/rewind(to:)``).
        let offset: Int
        /// Per key position, the tag of the last key that matched it by name (``KeyTag/unknown``
        /// until then). Owned by the context, which frees it with ``removeAllClasses()``: a stable
        /// address the frames of this class's objects hold.
        let keyTags: UnsafeMutablePointer<KeyTag>
        /// Last resolution of `name` for an expected type (ObjectIdentifier of T → resolved type).
        var resolvedFor: ObjectIdentifier?
        /// Always a `T.Type` for the `T` in `resolvedFor`.
        var resolved: Any.Type?
        /// Whether `resolved` adopts `AwakeAfterDecoding` (its instances are finished through
        /// ``FastDecodingContext/pendingReferences``).
        var awakes = false
        /// Whether `resolved` adopts `TwoPhaseDecodable` (created empty, registered, then filled).
        var isTwoPhase = false
    }

    enum FrameKind {
        /// A keyed container streaming an object's values in definition order.
        case streamingObject
        /// A keyed container whose values were all located up front (read in replay).
        case scannedKeyed
        /// An unkeyed container streaming elements.
        case list
        /// A value that has not asked for a container yet (or asked for a single-value one).
        case value
    }

    struct Frame {
        var kind: FrameKind
        /// Where the value sits in the frame it was read from (its coding key, built lazily).
        var key: FrameKey
        /// The type whose `init(from:)` reads the value (a class as resolved): whose defaults and
        /// former key names its keyed containers use when a key is missing. `nil` for the frames
        /// of lists, nested containers and `@Reference` wrappers: no type's keys are read there.
        var decodedType: Any.Type?
        /// Streaming object: the class-cache index; scanned: unused.
        var classIndex = -1
        /// Streaming object: its class's ``ClassEntry/keyTags``.
        var keyTags: UnsafeMutablePointer<KeyTag>?
        /// Next key index (object) or element index (list).
        var cursor = 0
        var count = 0
        /// Streaming objects: offset of the first property value (to find values again); lists:
        /// offset of the list's chunk (which tells a kept unkeyed container its list is gone).
        var firstValueOffset = 0
        /// Immutable lists: the chunk offset whose object slot is taken when the list ends.
        var slotAtEnd: Int?
        /// ``scanned``'s reference, released by ``FastDecodingContext/popFrames(to:)``: unmanaged,
        /// so a frame is plain data and pushing or popping one costs no retain, release or
        /// outlined destroy.
        var retainedScan: Unmanaged<ScannedValues>?

        /// Scanned frames: key names (keyed only) and value offsets, located up front.
        var scanned: ScannedValues? {
            get { retainedScan?.takeUnretainedValue() }
            set {
                retainedScan?.release()
                retainedScan = newValue.map { Unmanaged.passRetained($0) }
            }
        }
    }

    /// Keys and offsets of a container whose values were located before being read.
    final class ScannedValues {
        /// Whether the values are a dictionary's entries (not an object's properties).
        var isDictionary = false
        var keys: [String] = []
        var intKeys: [Int?] = []
        var offsets: [Int] = []
    }

    // Confined to one decode call on one thread: the hot state skips dynamic exclusivity checks.
    @exclusivity(unchecked) var reader: ByteReader
    let registry: ClassNameRegistry
    let maximumDepth: Int
    /// Kept as given: converting it to `[CodingUserInfoKey: Any]` is left to the rare reader.
    let sendableUserInfo: [CodingUserInfoKey: any Sendable]
    var userInfo: [CodingUserInfoKey: Any] { sendableUserInfo }
    /// How many bytes may be re-read in replay mode in total (see `FastDecoder.maximumExpansion`).
    @exclusivity(unchecked) var replayBudget = Int.max
    /// Bytes re-read in replay mode so far: aliased value-type chunks count once per alias.
    @exclusivity(unchecked) var replayedBytes = 0

    @exclusivity(unchecked) var strings = UniqueArray<String>()
    /// String-cache slots that hold URLs (the string cache numbers both).
    @exclusivity(unchecked) var urls: [Int: URL] = [:]
    /// The length of each URL's chain of bases (itself included), by string-cache slot.
    @exclusivity(unchecked) var urlChains: [Int: Int] = [:]
    /// The chain length of the URL ``readURL(allowsNil:)`` returned last.
    @exclusivity(unchecked) var lastURLChain = 0
    @exclusivity(unchecked) var objects = UniqueArray<ObjectEntry>()
    /// Every class instance in ``objects``, kept alive until this context goes.
    @exclusivity(unchecked) var instances = UniqueArray<AnyObject>()
    /// Object chunks read so far (first pass only, so offsets ascend) and their object slots.
    @exclusivity(unchecked) var objectChunks = UniqueArray<(offset: Int, slot: Int)>()

    func recordObjectChunk(at offset: Int, slot: Int) {
        objectChunks.append((offset, slot))
    }

    /// The object slot of the Object chunk at `offset`, found by binary search.
    func objectChunkSlot(at offset: Int) -> Int? {
        var low = 0
        var high = objectChunks.count
        while low < high {
            let middle = (low + high) / 2
            if objectChunks[middle].offset < offset { low = middle + 1 } else { high = middle }
        }
        return low < objectChunks.count && objectChunks[low].offset == offset ? objectChunks[low].slot : nil
    }
    @exclusivity(unchecked) var classes: [ClassEntry] = []
    /// The key tags of classes a failed read added and ``rewind(to:)`` took back, freed with the classes.
    @exclusivity(unchecked) var retiredKeyTags: [UnsafeMutablePointer<KeyTag>] = []
    /// No copy-on-write check per frame update (see ``UniqueArray``).
    @exclusivity(unchecked) var frames = UniqueArray<Frame>(capacity: 8)
    @exclusivity(unchecked) var currentFrame = -1
    /// Greater than zero while re-reading bytes already read once.
    @exclusivity(unchecked) var replaying = 0
    @exclusivity(unchecked) var depth = 0
    /// The deepest level the value being decoded reaches, shared instances included: an alias
    /// to an instance of height `h` at depth `d` reaches `d + h - 1`, so chains of shared
    /// instances cannot build a graph deeper than `maximumDepth` (freeing it would exhaust the stack).
    @exclusivity(unchecked) var reach = 0
    /// The stack left to this decode's thread, asked at each level.
    @exclusivity(unchecked) var stackSpace = StackSpace()
    @exclusivity(unchecked) var staticInfos = TypeInfoTable<StaticInfo>()
    /// One reusable keyed container per key type (made with frame −1: "the current frame"),
    /// and the other keyed containers handed out.
    @exclusivity(unchecked) var keyedContainers = KeyedContainerCache(copiers: FastDecodingContext.containerCopiers)
    /// The copiers of every key type's cached `KeyedDecodingContainer`, shared by all contexts.
    static let containerCopiers = SharedTypeCache<AnyObject>(capacity: 256)
    /// Set by ``finish()``: no keyed container is handed out after it.
    @exclusivity(unchecked) var isFinished = false
    /// Whether a keyed container that could not be tracked keeps this context alive for good.
    @exclusivity(unchecked) var isImmortal = false
    /// Back-pointers (`@Reference`) waiting for objects still being built, by object slot.
    /// Made on first use: most decodes have no back-pointers and no awake hooks.
    lazy var pendingReferences = PendingReferences<Int>()
    /// Whether any back-pointer was ever recorded in ``pendingReferences``: checked per object
    /// instead of the list itself, whose generic methods cost a metadata lookup per call.
    @exclusivity(unchecked) var hasPendingReferences = false
    /// The evolution contract's state (defaults, former key names, a base value's defaults):
    /// made on the first missing key, or up front for a decode over a base value.
    var evolution: DecodingEvolution?

    /// Reads `bytes` in place: they must stay valid until ``finish()``.
    init(
        bytes: UnsafeRawBufferPointer, registry: ClassNameRegistry, maximumDepth: Int,
        userInfo: [CodingUserInfoKey: any Sendable]
    ) throws {
        reader = ByteReader(bytes)
        self.registry = registry
        self.maximumDepth = maximumDepth
        sendableUserInfo = userInfo
        let header = try FastCodingHeader.read(from: &reader)
        reserveTables(for: header)
    }

    /// The most entries a header's count may reserve in the string or the object table at the
    /// start (up to 1 MiB and 2 MiB of table); beyond it the tables grow as they are filled.
    private static let maximumReservedEntries = 1 << 16

    /// Sizes the string and object tables from the header's counts, as the original reader
    /// sizes its caches, so they are not regrown while decoding. The counts are only a hint:
    /// each is bounded by what the rest of the input could hold (every string or object chunk
    /// takes two bytes or more) and by ``maximumReservedEntries``.
    private func reserveTables(for header: FastCodingHeader) {
        let bound = min(reader.remaining / 2, Self.maximumReservedEntries)
        let stringCount = min(Int(header.stringCount), bound)
        let objectCount = min(Int(header.objectCount), bound)
        if stringCount > 0 { strings.reserveCapacity(stringCount) }
        if objectCount > 0 { objects.reserveCapacity(objectCount) }
    }

    /// Ends the decode, thrown or not: lets go of the input bytes, so a decoder or container kept
    /// by user code past the decode call finds no bytes (every read throws
    /// ``FastCodingError/unexpectedEnd(offset:expected:)``), and of the keyed containers. Those
    /// do not retain this context; if user code still holds one, the context is emptied and kept
    /// for it (see ``KeptDecodingContexts``).
    func finish() {
        reader = ByteReader(UnsafeRawBufferPointer(start: nil, count: 0), offset: reader.offset)
        isFinished = true
        let held = keyedContainers.heldElsewhere()
        keyedContainers.removeAll()
        guard !held.isEmpty else { return }
        popFrames(to: 0)
        currentFrame = -1
        strings.removeLast(strings.count)
        urls = [:]
        urlChains = [:]
        objects.removeLast(objects.count)
        instances.removeLast(instances.count)
        objectChunks.removeLast(objectChunks.count)
        removeAllClasses()
        staticInfos.removeAll()
        if hasPendingReferences { pendingReferences = PendingReferences() }
        evolution = nil
        KeptDecodingContexts.shared.keep(self, whileHeld: held)
    }

    deinit {
        popFrames(to: 0)
        removeAllClasses()
    }

    /// Adds a class definition read from the archive (or its cache), unless a replay is reading
    /// it a second time.
    func addClass(name: String, keys: [String], at offset: Int) {
        if replaying == 0 {
            classes.append(
                ClassEntry(name: name, keys: keys, offset: offset, keyTags: KeyTag.unknownTags(count: keys.count)))
        }
    }

    /// Empties the class table, freeing each class's key tags.
    private func removeAllClasses() {
        for entry in classes { entry.keyTags.deallocate() }
        classes = []
        if !retiredKeyTags.isEmpty {
            for keyTags in retiredKeyTags { keyTags.deallocate() }
            retiredKeyTags = []
        }
    }

    /// Pops the frames above `base`, letting go of their scanned values.
    @inline(__always)
    func popFrames(to base: Int) {
        while frames.count > base {
            frames[frames.count - 1].retainedScan?.release()
            frames.removeLast()
        }
    }

    func decodeRoot<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try decode(type, key: .root)
        if hasPendingReferences { try pendingReferences.checkAllResolved() }
        return value
    }

    // MARK: Decoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let index = try beginKeyed(currentFrame)
        // The cached box, returned through its copier: `KeyedDecodingContainer<Key>`'s metadata
        // is not looked up (see ``CachedContainerCopier``).
        typealias Copier = CachedContainerCopier<KeyedDecodingContainer<Key>>
        if index == currentFrame, let (box, copier): (AnyObject, Copier) = keyedContainers.cached(for: Key.self) {
            return copier.copy(box)
        }
        return try newKeyedContainer(Key.self, frame: index)
    }

    /// The first keyed container for `Key` in this decode, cached for the values after it, or a
    /// nested one. Never inlined: the type metadata it needs is then looked up only here.
    @inline(never)
    private func newKeyedContainer<Key: CodingKey>(_: Key.Type, frame index: Int) throws -> KeyedDecodingContainer<Key>
    {
        guard index == currentFrame, KeyedContainerCache.containersAreOneReference, !ObservationKeys.apply(to: Key.self)
        else {
            return try keyedContainer(Key.self, frame: index)
        }
        let container = KeyedDecodingContainer(FastKeyedDecodingContainer<Key>(context: self, frame: -1))
        keyedContainers.cache(container, for: Key.self)
        return container
    }

    /// A new keyed container for frame `index`, tracked until ``finish()`` (it does not retain
    /// this context). Throws once the decode has ended: nothing could track it then.
    func keyedContainer<Key: CodingKey>(_: Key.Type, frame index: Int) throws -> KeyedDecodingContainer<Key> {
        // A context lives for one decode, which makes one container per key type: asked directly.
        if ObservationKeys.apply(to: Key.self) {
            return ObservationKeys.observedDecodingContainer(
                keyedBy: Key.self, base: try keyedContainer(ArchiveCodingKey.self, frame: index))
        }
        guard !isFinished else { throw corrupted("a keyed container was requested after the decode call returned") }
        let container = KeyedDecodingContainer(FastKeyedDecodingContainer<Key>(context: self, frame: index))
        if KeyedContainerCache.containersAreOneReference {
            keyedContainers.track(container, for: Key.self)
        } else if !isImmortal {
            // Not one reference, so it cannot be tracked: keep this context for the process's lifetime.
            isImmortal = true
            _ = Unmanaged.passRetained(self)
        }
        return container
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        if isReadingObject { return try wrappedValueDecoder().unkeyedContainer() }
        return FastUnkeyedDecodingContainer(context: self, frame: try beginList(currentFrame))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        if isReadingObject { return try wrappedValueDecoder().singleValueContainer() }
        return FastSingleValueDecodingContainer(context: self, frame: currentFrame)
    }

    /// Whether the current frame reads an object's values: a class instance asking for a
    /// single-value or unkeyed container then reads its ``KeyNames/wrappedValue``.
    private var isReadingObject: Bool {
        frames.indices.contains(currentFrame) && frames[currentFrame].kind != .value
            && frames[currentFrame].kind != .list
    }

    /// Whether `key` is the key at `position` (below its count) of the streaming object in
    /// `frame`: by tag once a key of the same type and value matched there by name, otherwise by
    /// name (then recording the tag).
    @inline(__always)
    func definitionKey<Key: CodingKey>(of frame: UnsafeMutablePointer<Frame>, at position: Int, is key: Key) -> Bool {
        if let keyTags = frame.pointee.keyTags, keyTags[position].matches(key) { return true }
        return definitionKeyByName(of: frame.pointee.classIndex, at: position, is: key)
    }

    @inline(never)
    private func definitionKeyByName<Key: CodingKey>(of classIndex: Int, at position: Int, is key: Key) -> Bool {
        guard UTF8StringKey.haveSameBytes(classes[classIndex].keys[position], key.stringValue) else { return false }
        let keyTags = classes[classIndex].keyTags
        if let tag = KeyTag(key), keyTags[position] == .unknown { keyTags[position] = tag }
        return true
    }

    // MARK: Errors

    func mismatch(_ type: Any.Type, _ chunk: UInt8, at offset: Int) -> DecodingError {
        let found = ChunkType(rawValue: chunk).map { "\($0)" } ?? "code \(chunk)"
        return DecodingError.typeMismatch(
            type,
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "expected \(type) but found a \(found) chunk at offset \(offset)"))
    }

    func corrupted(_ message: String) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: message))
    }

    // MARK: Cache bookkeeping

    @inline(__always)
    func appendObjectSlot(at offset: Int) {
        if replaying == 0 { objects.append(ObjectEntry(offset: offset)) }
    }

    /// `instance` as an object-table entry's reference, kept alive until this context goes.
    @inline(__always)
    func keep(_ instance: consuming AnyObject) -> Unmanaged<AnyObject> {
        let reference = Unmanaged.passUnretained(instance)
        instances.append(instance)
        return reference
    }

    func objectEntry(_ index: Int, at offset: Int) throws -> ObjectEntry {
        guard index < objects.count else {
            throw FastCodingError.indexOutOfRange(table: "object", index: index, count: objects.count, offset: offset)
        }
        return objects[index]
    }

    /// Re-reads the chunk at `offset` without adding cache entries, then returns to the current position.
    /// Every byte re-read counts against the replay budget, checked before each replay starts.
    func replay<R>(at offset: Int, _ body: () throws -> R) throws -> R {
        if replayedBytes > replayBudget { throw FastCodingError.expansionTooLarge(limit: replayBudget, offset: offset) }
        let saved = reader.offset
        reader.offset = offset
        replaying += 1
        defer {
            replaying -= 1
            // Charged even when the body throws: an init(from:) may catch the error and go on.
            replayedBytes &+= max(0, reader.offset &- offset)
            reader.offset = saved
        }
        return try body()
    }

    /// Reads an object alias to a value-type chunk by re-reading the chunk it points to.
    func replayAlias<R>(_ type: ChunkType, start: Int, _ body: () throws -> R) throws -> R {
        let entry = try objectEntry(try reader.readIndex(code: type.rawValue, first: .objectAlias8), at: start)
        try enter(start)
        defer { depth -= 1 }
        return try replay(at: entry.offset, body)
    }

    @inline(__always)
    func enter(_ offset: Int) throws {
        depth += 1
        if depth > maximumDepth {
            depth -= 1
            throw FastCodingError.nestingTooDeep(limit: maximumDepth, offset: offset)
        }
        if stackSpace.isRunningOut(atDepth: depth) {
            depth -= 1
            throw FastCodingError.stackExhausted(depth: depth + 1, offset: offset)
        }
        if depth > reach { reach = depth }
    }

    /// The height of the instance finishing at the current depth, from the levels it reached.
    var finishedHeight: Int32 { Int32(clamping: reach - depth + 1) }

    /// A shared instance of `height` levels standing at the current depth: the levels it reaches.
    func reachThrough(height: Int, at offset: Int) throws {
        let sharedReach = depth - 1 + height
        if sharedReach > maximumDepth { throw FastCodingError.nestingTooDeep(limit: maximumDepth, offset: offset) }
        if sharedReach > reach { reach = sharedReach }
    }
}
