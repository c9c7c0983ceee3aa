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
        /// A Dictionary / MutableDictionary chunk: value then key per entry.
        case dictionary
        /// An Array / Set / MutableArray chunk.
        case list
        /// A single-value container.
        case single
        /// A container that cannot be written (the error is in `deferredError`).
        case broken
    }

    enum Hint {
        case plain, dictionary, set
    }

    /// Where a frame's value sits in the tree: its parent frame and the key leading to it.
    ///
    /// Most keys are not stored but read back from the parent's state when a coding path is
    /// needed (only for `codingPath` and errors), which keeps the hot path free of existentials.
    enum Link {
        /// The root value.
        case root
        /// The value of single-value container `parent` (no key of its own).
        case single(parent: Int)
        /// The key or index that frame `parent` is writing now (its cursor or element count).
        case position(parent: Int)
        /// A key given explicitly (dictionary entries, nested containers).
        case explicit(parent: Int, key: any CodingKey)
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
        var instance: AnyObject?
        /// Ordered mode (≥ 0): only the key at this definition index is written in this pass.
        var orderedTarget = -1
        var orderedWritten = false
    }

    /// Starts at 1 MiB: growing a large buffer may copy it, and only the pages written are ever
    /// touched; ``ByteWriter/takeData()`` gives the unused room back.
    let output = ByteWriter(capacity: 1 << 20)
    let registry: ClassNameRegistry
    let maximumDepth: Int
    let userInfo: [CodingUserInfoKey: Any]

    // The encoder is confined to one call on one thread; the hot state skips dynamic exclusivity checks.
    // Small first tables: encoding a small value should not clear kilobytes; both grow by doubling.
    private let stringTable = StringTable(capacity: 64)
    private var urlSlots: [String: Int] = [:]
    @exclusivity(unchecked) private(set) var stringCount = 0
    @exclusivity(unchecked) private(set) var objectCount = 0
    @exclusivity(unchecked) private var instanceSlots = ObjectSlotTable(capacity: 32)
    @exclusivity(unchecked) private var retained: [AnyObject] = []
    @exclusivity(unchecked) private var classCount = 0
    @exclusivity(unchecked) var definitions: [ClassDefinitionRecord] = []
    /// Per dynamic type, the index in `definitions` of its current definition (−1: not a keyed type).
    @exclusivity(unchecked) private var currentDefinitions: [(type: ObjectIdentifier, definition: Int)] = []
    /// Per static type: how `encode(_:key:)` treats it.
    @exclusivity(unchecked) private var staticInfos: [StaticInfo] = []
    @exclusivity(unchecked) var frames = FrameStack<Frame>()
    @exclusivity(unchecked) private(set) var currentFrame = -1
    /// One reusable keyed container per key type (made with frame −1: "the current frame").
    @exclusivity(unchecked) private var keyedContainers: [(key: ObjectIdentifier, box: AnyObject)] = []
    @exclusivity(unchecked) var deferredError: (any Error)?
    /// A mismatch found where throwing is impossible (`nestedContainer`), rethrown after `encode(to:)`.
    @exclusivity(unchecked) var pendingMismatch: DefinitionMismatch?

    struct StaticInfo {
        let type: ObjectIdentifier
        /// Set when the type is written natively (opened once here, so no cast per value).
        let special: (any FastSpecialEncodable.Type)?
        let hint: Hint
        let isClass: Bool
        let array: (any FastEncodableArray.Type)?
    }

    @inline(__always)
    private func staticInfo<T>(_ type: T.Type) -> StaticInfo {
        let id = ObjectIdentifier(type)
        for info in staticInfos where info.type == id { return info }
        let info = StaticInfo(
            type: id, special: type as? any FastSpecialEncodable.Type,
            hint: type is any CodableDictionaryMarker.Type ? .dictionary : type is any FastSetMarker.Type ? .set : .plain,
            isClass: type is AnyObject.Type, array: type as? any FastEncodableArray.Type)
        staticInfos.append(info)
        return info
    }

    private func currentDefinition(for type: ObjectIdentifier) -> Int? {
        for entry in currentDefinitions where entry.type == type { return entry.definition }
        return nil
    }

    private func setCurrentDefinition(_ definition: Int, for type: ObjectIdentifier) {
        if let index = currentDefinitions.firstIndex(where: { $0.type == type }) {
            currentDefinitions[index].definition = definition
        } else {
            currentDefinitions.append((type, definition))
        }
    }

    init(registry: ClassNameRegistry, maximumDepth: Int, userInfo: [CodingUserInfoKey: any Sendable]) {
        self.registry = registry
        self.maximumDepth = maximumDepth
        self.userInfo = userInfo
    }

    deinit {
        for definition in definitions { definition.deallocateTags() }
    }

    func encodeRoot<T: Encodable>(_ value: T) throws -> Data {
        // The cached containers point back at this context; drop them to break the cycle.
        defer { keyedContainers = [] }
        FastCodingHeader.writePlaceholder(to: output)
        try encode(value, link: .root)
        if let deferredError { throw deferredError }
        FastCodingHeader(
            objectCount: UInt32(truncatingIfNeeded: objectCount),
            classCount: UInt32(truncatingIfNeeded: classCount),
            stringCount: UInt32(truncatingIfNeeded: stringCount)
        ).patch(into: output)
        return output.takeData()
    }

    // MARK: Encoder

    var codingPath: [any CodingKey] { path(through: currentFrame) }

    func path(through frame: Int) -> [any CodingKey] {
        var path: [any CodingKey] = []
        var index = min(frame, frames.count - 1)
        while index >= 0 {
            // A parent is always below its child on the stack, so this walk ends.
            switch frames[index].link {
            case .root:
                index = -1
            case .single(let parent):
                index = min(parent, index - 1)
            case .position(let parent):
                if let key = positionKey(of: parent) { path.append(key) }
                index = min(parent, index - 1)
            case .explicit(let parent, let key):
                path.append(key)
                index = min(parent, index - 1)
            }
        }
        return path.reversed()
    }

    /// The key or index frame `index` is writing now.
    private func positionKey(of index: Int) -> (any CodingKey)? {
        guard frames.indices.contains(index) else { return nil }
        let frame = frames[index]
        switch frame.kind {
        case .object:
            let keys = definitions[frame.definition].keys
            let position = frame.orderedTarget >= 0 ? frame.orderedTarget : frame.cursor - 1
            return keys.indices.contains(position) ? ArchiveCodingKey(stringValue: keys[position]) : nil
        case .list:
            return ArchiveCodingKey(index: Int(frame.count))
        default:
            return nil
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let index = beginKeyed(currentFrame)
        guard index == currentFrame, index >= 0,
              MemoryLayout<KeyedEncodingContainer<Key>>.size == MemoryLayout<AnyObject>.size else {
            return KeyedEncodingContainer(FastKeyedEncodingContainer<Key>(context: self, frame: index))
        }
        // KeyedEncodingContainer is a single reference to its box: reuse one per key type.
        let id = ObjectIdentifier(Key.self)
        for entry in keyedContainers where entry.key == id {
            return unsafeBitCast(entry.box, to: KeyedEncodingContainer<Key>.self)
        }
        let container = KeyedEncodingContainer(FastKeyedEncodingContainer<Key>(context: self, frame: -1))
        keyedContainers.append((id, unsafeBitCast(container, to: AnyObject.self)))
        return container
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        FastUnkeyedEncodingContainer(context: self, frame: beginList(currentFrame))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        if frames.indices.contains(currentFrame), frames[currentFrame].kind == .pending {
            frames[currentFrame].kind = .single
        } else {
            fail("singleValueContainer() was requested after another container for the same value")
        }
        return FastSingleValueEncodingContainer(context: self, frame: currentFrame)
    }

    // MARK: Errors

    func invalid(_ value: Any, _ message: String, at frame: Int? = nil) -> EncodingError {
        EncodingError.invalidValue(value, EncodingError.Context(codingPath: path(through: frame ?? currentFrame), debugDescription: message))
    }

    func fail(_ message: String) {
        if deferredError == nil { deferredError = invalid((), message) }
        if frames.indices.contains(currentFrame) { frames[currentFrame].kind = .broken }
    }

    // MARK: Leaves

    @inline(__always)
    func writeString(_ string: String) throws {
        if let done = try string.utf8.withContiguousStorageIfAvailable({ try writeString(string, utf8: $0) }) {
            if let found = done { AliasChunk.write(.stringAlias8, found, to: output) }
            return
        }
        var copy = string
        if let found = try copy.withUTF8({ try writeString(string, utf8: $0) }) {
            AliasChunk.write(.stringAlias8, found, to: output)
        }
    }

    /// Writes a new string chunk, or returns the slot of an equal string written before.
    @inline(__always)
    private func writeString(_ string: String, utf8: UnsafeBufferPointer<UInt8>) throws -> Int? {
        let hash = StringTable.hash(utf8)
        switch stringTable.lookup(utf8, hash: hash, in: output) {
        case .found(let slot):
            return slot
        case .absent(let bucket):
            let offset = output.count + 1
            guard output.writeStringChunk(utf8) else {
                throw invalid(string, "strings containing U+0000 cannot be stored (the original truncated them)")
            }
            // Strings and URLs share one numbering; the table holds the strings' slots only.
            stringTable.insert(at: bucket, hash: hash, offset: offset, length: utf8.count, slot: stringCount)
            stringCount += 1
            return nil
        }
    }

    @inline(__always)
    func writeInteger<T: BinaryInteger>(_ value: T) throws {
        guard let wide = Int64(exactly: value) else {
            throw invalid(value, "\(value) does not fit in a signed 64-bit integer, the widest FastCoding integer")
        }
        IntegerChunk.write(wide, to: output)
    }

    @inline(__always)
    func writeBool(_ value: Bool) {
        output.writeByte((value ? ChunkType.true : .false).rawValue)
    }

    @inline(__always)
    func writeDouble(_ value: Double) {
        output.writeChunk(.float64, value.bitPattern)
    }

    @inline(__always)
    func writeFloat(_ value: Float) {
        output.writeChunk(.float32, value.bitPattern)
    }

    func writeDate(_ date: Date) {
        output.writeChunk(.date, date.timeIntervalSinceReferenceDate.bitPattern)
        objectCount += 1
    }

    func writeData(_ data: Data) throws {
        guard data.count <= UInt32.max else { throw invalid(data, "data longer than 4 GiB cannot be stored") }
        output.writeByte(ChunkType.data.rawValue)
        data.withUnsafeBytes { output.writeDataPayload($0) }
        objectCount += 1
    }

    func writeURL(_ url: URL) throws {
        // URLs share the string cache; keyed by their absolute string (no base is written).
        let key = url.absoluteString
        if let slot = urlSlots[key] {
            AliasChunk.write(.stringAlias8, slot, to: output)
            return
        }
        output.writeByte(ChunkType.url.rawValue)
        try writeString(url.absoluteString)
        output.writeByte(ChunkType.nil.rawValue)
        urlSlots[key] = stringCount
        stringCount += 1
    }

    func writeNil() {
        output.writeByte(ChunkType.nil.rawValue)
    }

    // MARK: Values

    /// Writes any value: the common leaf types directly, everything else through `encode(to:)`.
    func encode<T: Encodable>(_ value: T, link: Link) throws {
        if try encodeLeaf(value) { return }
        try encodeNonLeaf(value, link: link)
    }

    /// Writes element `index` of the Array chunk that list frame `frame` writes.
    @inline(__always)
    func encodeElement<T: Encodable>(_ value: T, at index: Int, of frame: Int) throws {
        if try encodeLeaf(value) { return }
        frames[frame].count = UInt32(truncatingIfNeeded: index)
        try encodeNonLeaf(value, link: .position(parent: frame))
    }

    /// Writes a value that ``encodeLeaf(_:)`` declined: a special type, an array or a composite.
    func encodeNonLeaf<T: Encodable>(_ value: T, link: Link) throws {
        let info = staticInfo(T.self)
        if let special = info.special {
            return try special.encodeSpecial(value, to: self)
        }
        if let array = info.array {
            guard frames.count < maximumDepth else {
                throw invalid(value, "nesting deeper than \(maximumDepth) levels (raise FastEncoder.maximumDepth if intended)")
            }
            frames.append(Frame(kind: .list, hint: .plain, link: link))
            defer { frames.removeLast() }
            try array.encodeArray(value, to: self, frame: frames.count - 1)
            objectCount += 1
            return
        }
        try encodeComposite(value, link: link, info: info)
    }

    /// Writes `value` if it is one of the common leaf types, which need no key, frame or
    /// container; `false` (nothing written) otherwise. Callers try this before boxing a key.
    @inline(__always)
    func encodeLeaf<T: Encodable>(_ value: T) throws -> Bool {
        if T.self == String.self { try writeString(unsafeBitCast(value, to: String.self)); return true }
        if T.self == Int.self { IntegerChunk.write(Int64(unsafeBitCast(value, to: Int.self)), to: output); return true }
        if T.self == Double.self { writeDouble(unsafeBitCast(value, to: Double.self)); return true }
        if T.self == Bool.self { writeBool(unsafeBitCast(value, to: Bool.self)); return true }
        if T.self == Date.self { writeDate(unsafeBitCast(value, to: Date.self)); return true }
        if T.self == [String].self { try writeStrings(unsafeBitCast(value, to: [String].self)); return true }
        return false
    }

    private func writeStrings(_ strings: [String]) throws {
        output.writeChunk(.array, UInt32(truncatingIfNeeded: strings.count))
        for string in strings { try writeString(string) }
        objectCount += 1
    }

    private struct Snapshot {
        let bytes: Int
        let objects: Int
        let strings: Int
        let classes: Int
        let frames: Int
    }

    @inline(__always)
    private func encodeComposite<T: Encodable>(_ value: T, link: Link, info: StaticInfo) throws {
        guard frames.count < maximumDepth else {
            throw invalid(value, "nesting deeper than \(maximumDepth) levels (raise FastEncoder.maximumDepth if intended)")
        }
        var instance: AnyObject?
        if info.isClass {
            // T is a class type: the value is one object reference.
            let object = unsafeBitCast(value, to: AnyObject.self)
            if let slot = instanceSlots.slot(of: ObjectIdentifier(object)) {
                AliasChunk.write(.objectAlias8, slot, to: output)
                return
            }
            instance = object
        }
        let hint = info.hint
        let typeID = info.isClass ? ObjectIdentifier(type(of: value)) : info.type
        var definition = -1
        if hint == .plain {
            if let known = currentDefinition(for: typeID) {
                definition = known
            } else {
                definition = makeDefinition(for: value, keys: discoverKeys(value))
                setCurrentDefinition(definition, for: typeID)
            }
        }
        let snapshot = Snapshot(bytes: output.count, objects: objectCount, strings: stringCount, classes: classCount, frames: frames.count)
        do {
            try encodeOnce(value, link: link, hint: hint, definition: definition, instance: instance)
        } catch let mismatch as DefinitionMismatch where mismatch.frame == snapshot.frames {
            // §10.3: roll back, widen the definition with this instance's new keys, and write the
            // values in definition order (one encode(to:) pass per key).
            rollBack(to: snapshot)
            let old = definitions[definition].keys
            let added = (discoverKeys(value) ?? []).filter { !old.contains($0) }
            if !added.isEmpty {
                definition = makeDefinition(for: value, keys: old + added)
                setCurrentDefinition(definition, for: typeID)
            }
            try encodeOrdered(value, link: link, definition: definition, instance: instance)
        }
    }

    private func encodeOrdered<T: Encodable>(_ value: T, link: Link, definition: Int, instance: AnyObject?) throws {
        let base = frames.count
        frames.append(Frame(kind: .pending, hint: .plain, link: link, definition: definition, instance: instance))
        let savedFrame = currentFrame
        defer { currentFrame = savedFrame }
        let keyCount = definitions[definition].keys.count
        for target in 0..<max(keyCount, 1) {
            frames[base].orderedTarget = target
            frames[base].orderedWritten = false
            currentFrame = base
            try value.encode(to: self)
            if let mismatch = pendingMismatch, mismatch.frame >= base { pendingMismatch = nil; throw mismatch }
            frames.removeLast(frames.count - base - 1)
            if frames[base].kind == .object && !frames[base].orderedWritten && target < keyCount { writeNil() }
        }
        frames[base].cursor = keyCount
        try finish(base)
        frames.removeLast(frames.count - base)
    }

    private func discoverKeys<T: Encodable>(_ value: T) -> [String]? {
        let (shape, keys) = KeyDiscoveryEncoder.discover(value, userInfo: userInfo)
        return shape == .keyed ? keys : nil
    }

    private func makeDefinition<T>(for value: T, keys: [String]?) -> Int {
        guard let keys else { return -1 }
        // Once per type and encode call (the context caches the definition).
        let name = ArchiveTypeName.name(of: type(of: value), registry: registry)
        definitions.append(ClassDefinitionRecord(name: name, keys: keys))
        return definitions.count - 1
    }

    private func rollBack(to snapshot: Snapshot) {
        output.truncate(to: snapshot.bytes)
        if stringCount > snapshot.strings {
            urlSlots = urlSlots.filter { $0.value < snapshot.strings }
            stringTable.removeSlots(from: snapshot.strings)
        }
        if objectCount > snapshot.objects { instanceSlots.removeSlots(from: snapshot.objects) }
        for index in definitions.indices where (definitions[index].classIndex ?? -1) >= snapshot.classes {
            definitions[index].classIndex = nil
        }
        objectCount = snapshot.objects
        stringCount = snapshot.strings
        classCount = snapshot.classes
        frames.removeLast(frames.count - snapshot.frames)
    }

    @inline(__always)
    private func encodeOnce<T: Encodable>(_ value: T, link: Link, hint: Hint, definition: Int, instance: AnyObject?) throws {
        let base = frames.count
        frames.append(Frame(kind: .pending, hint: hint, link: link, definition: definition, instance: instance))
        let savedFrame = currentFrame
        currentFrame = base
        defer { currentFrame = savedFrame }
        try value.encode(to: self)
        if let mismatch = pendingMismatch, mismatch.frame >= base { pendingMismatch = nil; throw DefinitionMismatch(frame: base, key: mismatch.key) }
        try finish(base)
        while frames.count > base { frames.removeLast() }
    }

    private func finish(_ index: Int) throws {
        switch frames[index].kind {
        case .pending:
            writeNil()
        case .object:
            let keyCount = definitions[frames[index].definition].keys.count
            for _ in frames[index].cursor..<max(frames[index].cursor, keyCount) { writeNil() }
        case .dictionary, .list:
            if frames[index].slotAtEnd {
                if let instance = frames[index].instance { remember(instance) }
                objectCount += 1
            }
        case .single:
            if frames[index].count == 0 { writeNil() }
        case .broken:
            break
        }
    }

    private func remember(_ instance: AnyObject) {
        instanceSlots.insert(ObjectIdentifier(instance), slot: objectCount)
        retained.append(instance)
    }

    // MARK: Starting containers

    /// Turns a pending frame into an object or dictionary and writes its header.
    func beginKeyed(_ index: Int) -> Int {
        guard frames.indices.contains(index) else { return index }
        switch frames[index].kind {
        case .object, .dictionary:
            return index
        case .pending:
            if frames[index].hint == .dictionary || frames[index].definition < 0 {
                startDictionary(index, mutable: false)
            } else {
                startObject(index)
            }
            return index
        default:
            fail("a keyed container was requested after another kind of container for the same value")
            return index
        }
    }

    private func startObject(_ index: Int) {
        let definition = frames[index].definition
        if definitions[definition].classIndex == nil {
            let record = definitions[definition]
            if record.name.utf8.contains(0) || record.keys.contains(where: { $0.utf8.contains(0) }) {
                fail("class names and coding keys cannot contain U+0000")
                return
            }
            output.writeByte(ChunkType.classDefinition.rawValue)
            output.writeRawString(record.name)
            output.writeAligned(UInt32(truncatingIfNeeded: record.keys.count))
            for key in record.keys { output.writeRawString(key) }
            definitions[definition].classIndex = classCount
            classCount += 1
        }
        if let instance = frames[index].instance { remember(instance) }
        objectCount += 1
        AliasChunk.write(.object8, definitions[definition].classIndex ?? 0, to: output)
        frames[index].kind = .object
        frames[index].keyTags = definitions[definition].keyTags
        frames[index].keyCount = definitions[definition].keys.count
    }

    func startDictionary(_ index: Int, mutable: Bool) {
        output.writeByte((mutable ? ChunkType.mutableDictionary : .dictionary).rawValue)
        output.pad(4)
        frames[index].countOffset = output.count
        output.write(UInt32(0))
        frames[index].kind = .dictionary
        if mutable {
            objectCount += 1
        } else {
            frames[index].slotAtEnd = true
        }
    }

    func beginList(_ index: Int) -> Int {
        guard frames.indices.contains(index), frames[index].kind == .pending else {
            fail("an unkeyed container was requested after another container for the same value")
            return index
        }
        startList(index, type: frames[index].hint == .set ? .set : .array)
        return index
    }

    func startList(_ index: Int, type: ChunkType) {
        output.writeByte(type.rawValue)
        output.pad(4)
        frames[index].countOffset = output.count
        output.write(UInt32(0))
        frames[index].kind = .list
        if type == .mutableArray {
            objectCount += 1
        } else {
            frames[index].slotAtEnd = true
        }
    }

    /// A new frame for a nested container (MutableArray / MutableDictionary, slot taken up front).
    func pushNested(link: Link, keyed: Bool) -> Int {
        frames.append(Frame(kind: .pending, hint: .plain, link: link))
        let index = frames.count - 1
        if keyed {
            startDictionary(index, mutable: true)
        } else {
            startList(index, type: .mutableArray)
        }
        return index
    }

    /// Counts one more element or entry of a list/dictionary frame.
    @inline(__always)
    func countElement(_ index: Int) {
        frames[index].count += 1
        output.patch(frames[index].count, at: frames[index].countOffset)
    }

    /// Moves an object frame's cursor to `key`, writing Nil for skipped keys; `false` when the
    /// value must not be written now (ordered mode, another key's pass).
    @inline(__always)
    func position<Key: CodingKey>(_ index: Int, at key: Key) throws -> Bool {
        // The common case: the key the definition lists next, recognised by its tag.
        let frame = frames.address(of: index)
        let cursor = frame.pointee.cursor
        let tag = KeyTag(key)
        if let tag, cursor < frame.pointee.keyCount, frame.pointee.orderedTarget < 0,
           let keyTags = frame.pointee.keyTags, keyTags[cursor] == tag {
            frame.pointee.cursor = cursor + 1
            return true
        }
        return try position(index, named: key.stringValue, tag: tag)
    }

    private func position(_ index: Int, named name: String, tag: KeyTag?) throws -> Bool {
        let definition = frames[index].definition
        let cursor = frames[index].cursor
        let keys = definitions[definition].keys
        if frames[index].orderedTarget >= 0 {
            guard keys[frames[index].orderedTarget] == name, !frames[index].orderedWritten else {
                if !keys.contains(name) { throw DefinitionMismatch(frame: index, key: name) }
                return false
            }
            frames[index].orderedWritten = true
            return true
        }
        guard cursor < keys.count, let found = keys[cursor...].firstIndex(of: name) else {
            throw DefinitionMismatch(frame: index, key: name)
        }
        for _ in cursor..<found { writeNil() }
        frames[index].cursor = found + 1
        if let tag { definitions[definition].keyTags[found] = tag }
        return true
    }
}
