import Foundation

/// The state of one `FastEncoder.encode` call, and the `Encoder` every `encode(to:)` receives.
///
/// Values are streamed into one buffer depth-first. Each composite value gets a ``Frame``
/// (an entry on a stack, not an allocation) that its containers write through.
final class FastEncodingContext: Encoder {
    enum FrameKind {
        /// `encode(to:)` is running but has not asked for a container yet.
        case pending
        /// A custom object streaming values in the order of `definition`'s keys.
        case object
        /// An object one of whose nested containers is open (a frame above it): writing to the
        /// object again is out of turn, and the value is written buffered (see ``StreamRestart``).
        /// Its own kind, so that the writes to an object check nothing more than its kind.
        case objectBelowNested
        /// A Dictionary / MutableDictionary chunk: value then key per entry.
        case dictionary
        /// An Array / Set / MutableArray chunk.
        case list
        /// A single-value container.
        case single
        /// A container that cannot be written (the error is in `deferredError`, or the value is
        /// written again: see ``StreamRestart``).
        case broken
    }

    enum Hint {
        case plain, dictionary, set
    }

    /// Where a frame's value sits in the tree: its parent frame and the key leading to it.
    ///
    /// Most keys are not stored but read back from the parent's state when a coding path is
    /// needed (only for `codingPath` and errors); the others wait in ``explicitKeys``. A link
    /// holds no existential, so frames are copied and dropped without retains or releases.
    enum Link {
        /// The root value.
        case root
        /// The value of single-value container `parent` (no key of its own).
        case single(parent: Int)
        /// The key or index that frame `parent` is writing now (its cursor or element count).
        case position(parent: Int)
        /// Element `index` of list frame `parent` (a nested container in an unkeyed one).
        case element(parent: Int, index: Int)
        /// The key `explicitKeys[keyIndex]` (dictionary entries, nested keyed containers).
        case explicit(parent: Int, keyIndex: Int)
    }

    struct Frame {
        var kind: FrameKind
        var hint: Hint
        var link: Link
        var definition = -1
        var cursor = 0
        /// The definition's key tags and key count, copied here when the object starts.
        var keyTags: UnsafeMutablePointer<KeyTag>?
        var keyCount = 0
        var countOffset = 0
        var count: UInt32 = 0
        /// Takes its object slot when finished (immutable containers).
        var slotAtEnd = false
        /// The class instance being written, unretained: the value its caller is encoding keeps it
        /// alive while the frame exists (so pushing and popping a frame costs no retain or release).
        var instance: Unmanaged<AnyObject>?
        /// A key was written past keys the definition lists before it (see ``LearnedDefinition``).
        var skippedKeys = false
    }

    /// Sized from the last archive of the same root type (``ArchiveSizeHint``), so a small
    /// archive gets a small block and a large one rarely grows.
    let output: ByteWriter
    // Set for each call (a context can serve several calls in turn, see ``EncodingContextPool``).
    @exclusivity(unchecked) var registry: ClassNameRegistry
    @exclusivity(unchecked) var maximumDepth: Int
    /// The stack left to this call's thread, asked at each level.
    @exclusivity(unchecked) var stackSpace = StackSpace()
    /// Which key types met so far are an `@Observable` class's synthesized keys (kept while the
    /// context is reused: a type's answer never changes).
    @exclusivity(unchecked) var observedKeyTypes = ObservedKeyTypes()
    /// Kept as given: converting it to `[CodingUserInfoKey: Any]` is left to the rare reader.
    @exclusivity(unchecked) var sendableUserInfo: [CodingUserInfoKey: any Sendable]
    var userInfo: [CodingUserInfoKey: Any] { sendableUserInfo }
    /// The sizes this call started from; the sizes it ends with are stored for the next call.
    @exclusivity(unchecked) var sizeHint: ArchiveSizeHint
    /// The root type of the last archive this context finished, and that archive's sizes.
    @exclusivity(unchecked) var lastArchive: (root: ObjectIdentifier, size: ArchiveSizeHint)?

    // The encoder is confined to one call on one thread; the hot state skips dynamic exclusivity checks.
    // Tables sized from the last archive of the same root type; both grow by doubling.
    let stringTable: StringTable
    @exclusivity(unchecked) var urlSlots: [String: Int] = [:]
    @exclusivity(unchecked) var stringCount = 0
    @exclusivity(unchecked) var objectCount = 0
    @exclusivity(unchecked) var instanceSlots: ObjectSlotTable
    @exclusivity(unchecked) var retained: [AnyObject] = []
    @exclusivity(unchecked) var classCount = 0
    @exclusivity(unchecked) var definitions: [ClassDefinitionRecord] = []
    /// Per dynamic type, the index in `definitions` of its current definition (−1: not a keyed type).
    @exclusivity(unchecked) var currentDefinitions: [(type: ObjectIdentifier, definition: Int)] = []
    /// Per static type: how `encode(_:key:)` treats it.
    @exclusivity(unchecked) var staticInfos = TypeInfoTable<StaticInfo>()
    @exclusivity(unchecked) var frames = UniqueArray<Frame>(capacity: 8)
    @exclusivity(unchecked) var currentFrame = -1
    /// One reusable keyed container per key type (made with frame −1: "the current frame").
    @exclusivity(unchecked) var keyedContainers = KeyedContainerCache(copiers: FastEncodingContext.containerCopiers)
    /// The copiers of every key type's cached `KeyedEncodingContainer`, shared by all contexts.
    static let containerCopiers = SharedTypeCache<AnyObject>(capacity: 256)
    @exclusivity(unchecked) var deferredError: (any Error)?
    /// The keys of ``Link/explicit(parent:keyIndex:)`` links, a stack: each value's encoding
    /// drops the keys pushed while it was written (``dropExplicitKeys(above:)``).
    @exclusivity(unchecked) var explicitKeys: [any CodingKey] = []
    /// The outermost frame whose value must be written again through a ``BufferedEncoder``, found
    /// where nothing can be thrown (a container was asked for), or −1: see ``requestRestart(_:)``.
    @exclusivity(unchecked) var pendingRestart = -1
    /// The keys written to the nested keyed containers (MutableDictionary frames) still open, with
    /// their frames, so that a key written twice is noticed (see ``noteNestedKey(_:in:)``).
    @exclusivity(unchecked) var nestedKeys: [(frame: Int, name: String)] = []
    /// Per class written as a ``KeyNames/wrappedValue`` object, the index of that definition.
    @exclusivity(unchecked) var wrapperDefinitions: [(type: ObjectIdentifier, definition: Int)] = []

    struct StaticInfo {
        let type: ObjectIdentifier
        /// Set when the type is written natively (opened once here, so no cast per value).
        let special: (any FastSpecialEncodable.Type)?
        let hint: Hint
        let isClass: Bool
        let array: (any FastEncodableArray.Type)?
    }

    /// Every type's ``StaticInfo``, learned once per process (conformance checks are slow).
    static let sharedStaticInfos = SharedTypeCache<StaticInfo>()
    /// Every keyed type's class definition as the last call learned it (see ``LearnedDefinition``).
    static let learnedDefinitions = SharedTypeCache<LearnedDefinition>()
    /// Per root type, the size of the archive written last (see ``ArchiveSizeHint``).
    static let sizeHints = SharedTypeCache<ArchiveSizeHint>()

    @inline(__always)
    func staticInfo<T>(_ type: T.Type) -> StaticInfo {
        if let info = staticInfos.info(for: ObjectIdentifier(type)) { return info }
        return learnStaticInfo(type)
    }

    @inline(never)
    private func learnStaticInfo<T>(_ type: T.Type) -> StaticInfo {
        let id = ObjectIdentifier(type)
        let info = Self.sharedStaticInfos.value(for: id) {
            StaticInfo(
                type: id, special: type as? any FastSpecialEncodable.Type,
                hint: type is any CodableDictionaryMarker.Type
                    ? .dictionary : type is any FastSetMarker.Type ? .set : .plain,
                // A back-pointer wrapper (`@Reference`) is a class, but writes its target in its place.
                isClass: type is AnyObject.Type && !(type is any DeferredReference.Type),
                array: type as? any FastEncodableArray.Type)
        }
        staticInfos.store(info, for: id)
        return info
    }

    init(
        registry: ClassNameRegistry, maximumDepth: Int, userInfo: [CodingUserInfoKey: any Sendable],
        sizeHint: ArchiveSizeHint = ArchiveSizeHint()
    ) {
        self.registry = registry
        self.maximumDepth = maximumDepth
        sendableUserInfo = userInfo
        output = ByteWriter(capacity: sizeHint.bufferCapacity)
        stringTable = StringTable(capacity: sizeHint.stringCapacity)
        instanceSlots = ObjectSlotTable(capacity: sizeHint.instanceCapacity)
        self.sizeHint = sizeHint
    }

    deinit {
        for definition in definitions { definition.deallocateTags() }
    }

    func encodeRoot<T: Encodable>(_ value: T) throws -> Data {
        // The cached containers point back at this context; drop them to break the cycle.
        defer { keyedContainers.removeAll() }
        FastCodingHeader.writePlaceholder(to: output)
        try encode(value, link: .root)
        if let deferredError { throw deferredError }
        FastCodingHeader(
            objectCount: UInt32(truncatingIfNeeded: objectCount),
            classCount: UInt32(truncatingIfNeeded: classCount),
            stringCount: UInt32(truncatingIfNeeded: stringCount)
        ).patch(into: output)
        let hint = ArchiveSizeHint(bytes: output.count, strings: stringCount, instances: retained.count)
        if hint != sizeHint { Self.sizeHints.store(hint, for: ObjectIdentifier(T.self)) }
        lastArchive = (ObjectIdentifier(T.self), hint)
        return output.takeData()
    }

    // MARK: Encoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let index = beginKeyed(currentFrame)
        // The cached box, returned through its copier: `KeyedEncodingContainer<Key>`'s metadata
        // is not looked up (see ``CachedContainerCopier``).
        typealias Copier = CachedContainerCopier<KeyedEncodingContainer<Key>>
        if index == currentFrame, let (box, copier): (AnyObject, Copier) = keyedContainers.cached(for: Key.self) {
            return copier.copy(box)
        }
        return newKeyedContainer(Key.self, frame: index)
    }

    /// The first keyed container for `Key` in this encode, cached for the values after it, or a
    /// nested one. Never inlined: the type metadata it needs is then looked up only here.
    @inline(never)
    private func newKeyedContainer<Key: CodingKey>(_: Key.Type, frame index: Int) -> KeyedEncodingContainer<Key> {
        let base = { KeyedEncodingContainer(FastKeyedEncodingContainer<ArchiveCodingKey>(context: self, frame: index)) }
        if observedKeyTypes.contains(Key.self) {
            return ObservationKeys.observedEncodingContainer(keyedBy: Key.self, base: base())
        }
        guard index == currentFrame, index >= 0, KeyedContainerCache.containersAreOneReference else {
            return KeyedEncodingContainer(FastKeyedEncodingContainer<Key>(context: self, frame: index))
        }
        let container = KeyedEncodingContainer(FastKeyedEncodingContainer<Key>(context: self, frame: -1))
        keyedContainers.cache(container, for: Key.self)
        return container
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        FastUnkeyedEncodingContainer(context: self, frame: beginList(currentFrame))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        let index = currentFrame
        if frames.indices.contains(index) && frames[index].kind != .single {
            // A class instance is wrapped in an object (its identity kept), and a single value
            // after another container merges with it: both are written buffered.
            if frames[index].kind == .pending && frames[index].instance == nil {
                frames[index].kind = .single
            } else {
                requestRestart(index)
            }
        }
        return FastSingleValueEncodingContainer(context: self, frame: index)
    }

    // MARK: Errors

    func invalid(_ value: Any, _ message: String, at frame: Int? = nil) -> EncodingError {
        EncodingError.invalidValue(
            value, EncodingError.Context(codingPath: path(through: frame ?? currentFrame), debugDescription: message))
    }

    /// The error for a leaf value the format cannot hold, naming the key or index it is at.
    func invalidLeaf(_ value: Any, _ message: String, element: Int? = nil) -> EncodingError {
        EncodingError.invalidValue(
            value, EncodingError.Context(codingPath: leafPath(element: element), debugDescription: message))
    }

    func fail(_ message: String) {
        if deferredError == nil { deferredError = invalid((), message) }
        if frames.indices.contains(currentFrame) { frames[currentFrame].kind = .broken }
    }

    /// Asks for the value of frame `frame` to be written again through a ``BufferedEncoder``,
    /// once its `encode(to:)` returns (see ``StreamRestart``). What is written meanwhile is rolled back.
    @inline(never)
    func requestRestart(_ frame: Int) {
        if pendingRestart < 0 || frame < pendingRestart { pendingRestart = frame }
    }
}
