/// Reads an object's properties (by its class definition's keys) or a dictionary's entries.
///
/// Keys asked in wire order are read straight from the stream; any other order locates the
/// remaining values once and re-reads them from their offsets.
///
/// A container made with `frameIndex` −1 reads the decoder's current frame, so one instance
/// per key type can be reused for every object (see ``FastDecodingContext``).
///
/// The container does not retain its context, which makes it a plain value: the standard
/// library's box copies it on every `decode(_:forKey:)` call, and a retained reference would
/// cost a retain and a release per property. The decode call holds the context while it runs;
/// afterwards ``KeptDecodingContexts`` holds it for as long as user code keeps a container.
struct FastKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    private let unmanagedContext: Unmanaged<FastDecodingContext>
    let frameIndex: Int

    init(context: FastDecodingContext, frame: Int) {
        unmanagedContext = Unmanaged.passUnretained(context)
        frameIndex = frame
    }

    var context: FastDecodingContext { unmanagedContext.takeUnretainedValue() }

    /// Runs `body` with the context, borrowed: no retain and release around the call.
    @inline(__always)
    private func withContext<R>(_ body: (FastDecodingContext) throws -> R) rethrows -> R {
        try unmanagedContext._withUnsafeGuaranteedRef(body)
    }

    /// The frame this container reads: its own, or the context's current one.
    @inline(__always)
    private func frame(_ context: FastDecodingContext) -> Int {
        frameIndex >= 0 ? frameIndex : context.currentFrame
    }

    @inline(__always)
    private func checkedFrame(_ context: FastDecodingContext) throws -> Int {
        let frame = frame(context)
        guard frame >= 0 && frame < context.frames.count else {
            throw context.corrupted("a keyed container was used after its value was finished")
        }
        return frame
    }

    var codingPath: [any CodingKey] { context.path(through: frame(context)) }

    /// A dictionary's keys, or an object's keys with a non-Nil value (so an enum's synthesized
    /// `init(from:)` sees its one case, while a dictionary keeps its nil entries).
    var allKeys: [Key] {
        guard let frame = try? checkedFrame(context) else { return [] }
        if context.frames[frame].kind == .streamingObject {
            guard (try? context.scanObjectValues(frame)) != nil else { return [] }
        }
        guard let scanned = context.frames[frame].scanned else { return [] }
        return scanned.keys.indices.compactMap { index in
            guard scanned.isDictionary || context.reader.byte(at: scanned.offsets[index]) != ChunkType.nil.rawValue
            else { return nil }
            return scanned.intKeys[index].flatMap(Key.init(intValue:)) ?? Key(stringValue: scanned.keys[index])
        }
    }

    func contains(_ key: Key) -> Bool {
        let context = self.context
        guard let frame = try? checkedFrame(context) else { return false }
        let holds =
            context.frames[frame].kind == .scannedKeyed
            ? context.frames[frame].scanned?.keys.contains(where: { UTF8StringKey.haveSameBytes($0, key.stringValue) })
                ?? false
            : context.classes[context.frames[frame].classIndex].keys.contains(where: {
                UTF8StringKey.haveSameBytes($0, key.stringValue)
            })
        return holds || holdsFormerKey(key, frame, context)
    }

    /// Whether the value holds `key` under a former name (see ``FastDecodingContext/holdsFormerKey(of:in:)``).
    @inline(never)
    private func holdsFormerKey(_ key: Key, _ frame: Int, _ context: FastDecodingContext) -> Bool {
        context.holdsFormerKey(of: key.stringValue, in: frame)
    }

    /// Where the value for a key is.
    private struct Location {
        /// The frame read from.
        let frame: Int
        /// The key's index in the frame's definition or scanned keys.
        let position: Int
        /// The offset to re-read the value from, or −1 when it is next in the stream.
        let offset: Int

        /// The new frame's link back to this key.
        func frameKey(_ keyType: Key.Type) -> FastDecodingContext.FrameKey {
            FastDecodingContext.FrameKey(parent: frame, position: position, keyType: keyType)
        }
    }

    /// Claims `key` when its value is the next one in the stream (keys asked in written order).
    @inline(__always)
    private func next(_ key: Key, _ context: FastDecodingContext) throws -> Location? {
        let frame = try checkedFrame(context)
        // Checked once: nothing below adds a frame, which could move the stack.
        let state = context.frames.address(of: frame)
        guard state.pointee.kind == .streamingObject else { return nil }
        let cursor = state.pointee.cursor
        guard cursor < state.pointee.count,
            context.definitionKey(of: state, at: cursor, is: key)
        else { return nil }
        state.pointee.cursor = cursor + 1
        return Location(frame: frame, position: cursor, offset: -1)
    }

    /// Where the value for `key` is, under its own name or a former one (see `Evolvable`), or
    /// `nil` when the object/dictionary has neither. A key missing from an object's class
    /// definition is told without reading the object's values.
    private func locate(_ key: Key, _ context: FastDecodingContext) throws -> Location? {
        if let here = try next(key, context) { return here }
        let frame = try checkedFrame(context)
        if context.frames[frame].kind == .streamingObject {
            guard
                context.classes[context.frames[frame].classIndex].keys.contains(where: {
                    UTF8StringKey.haveSameBytes($0, key.stringValue)
                })
            else {
                return try former(key, frame, context)
            }
            try context.scanObjectValues(frame)
        }
        guard let scanned = context.frames[frame].scanned,
            let found = scanned.keys.firstIndex(where: { UTF8StringKey.haveSameBytes($0, key.stringValue) })
        else { return try former(key, frame, context) }
        return Location(frame: frame, position: found, offset: scanned.offsets[found])
    }

    /// Where the value for `key` is under a former name, or `nil`.
    @inline(never)
    private func former(_ key: Key, _ frame: Int, _ context: FastDecodingContext) throws -> Location? {
        guard let found = try context.locateFormerKey(of: key.stringValue, in: frame) else { return nil }
        return Location(frame: frame, position: found.position, offset: found.offset)
    }

    /// Where the value for `key` is; throws `keyNotFound` when there is none.
    @inline(__always)
    private func present(_ key: Key, _ context: FastDecodingContext) throws -> Location {
        guard let location = try locate(key, context) else { throw missing(key) }
        return location
    }

    /// The value of `key`, which the archive lacks under every name: its default (see
    /// ``FastDecodingContext/defaultValue(for:in:)``), else `keyNotFound`. `isLeaf`: `T` is a
    /// number, a string or another value whose decoding runs no user code.
    @inline(never)
    private func defaulted<T: Decodable>(
        _ type: T.Type, _ key: Key, _ context: FastDecodingContext, isLeaf: Bool
    ) throws -> T {
        let frame = try checkedFrame(context)
        guard let value = try context.defaultValue(for: key, in: frame) else { throw missing(key) }
        return try context.decodeDefault(value, as: type, for: key, in: frame, isLeaf: isLeaf)
    }

    /// A decoder for the default of `key`, which the archive lacks under every name, for a
    /// nested container; else `keyNotFound`.
    @inline(never)
    private func defaultDecoder(_ key: Key, _ context: FastDecodingContext) throws -> any Decoder {
        let frame = try checkedFrame(context)
        guard let value = try context.defaultValue(for: key, in: frame) else { throw missing(key) }
        return context.defaultDecoder(value, for: key, in: frame)
    }

    private func missing(_ key: Key) -> DecodingError {
        DecodingError.keyNotFound(
            key,
            DecodingError.Context(
                codingPath: codingPath, debugDescription: "no value for key '\(key.stringValue)' in the archive"))
    }

    /// Reads the leaf value for `key` with `body`, from the stream when it is next, else from
    /// its recorded offset; an error `body` throws names `key` (leaf readers know only the frame).
    @inline(__always)
    private func leaf<T: Decodable>(_ key: Key, _ body: (FastDecodingContext) throws -> T) throws -> T {
        try withContext { context in
            if let here = try next(key, context) {
                return try streamed(here, context) { try named(key, here.frame, context, body) }
            }
            guard let location = try locate(key, context) else {
                return try defaulted(T.self, key, context, isLeaf: true)
            }
            if location.offset < 0 {
                return try streamed(location, context) { try named(key, location.frame, context, body) }
            }
            return try context.replay(at: location.offset) { try named(key, location.frame, context, body) }
        }
    }

    /// `leaf(_:_:)` for optional values: `nil` for a missing key or a Nil/Null chunk.
    @inline(__always)
    private func leafIfPresent<T>(_ key: Key, _ body: (FastDecodingContext) throws -> T) throws -> T? {
        try withContext { context in
            func read(_ frame: Int) throws -> T? {
                context.readNilIfPresent() ? nil : try named(key, frame, context, body)
            }
            if let here = try next(key, context) { return try streamed(here, context) { try read(here.frame) } }
            guard let location = try locate(key, context) else { return nil }
            if location.offset < 0 { return try streamed(location, context) { try read(location.frame) } }
            return try context.replay(at: location.offset) { try read(location.frame) }
        }
    }

    /// Runs `body`, which reads the value of `location` from the stream (its key claimed); if it
    /// throws, the value is given back unread (see ``FastDecodingContext/unread(claimedIn:from:)``).
    @inline(__always)
    private func streamed<T>(_ location: Location, _ context: FastDecodingContext, _ body: () throws -> T) throws -> T {
        let mark = context.readMark
        do {
            return try body()
        } catch {
            context.unread(claimedIn: location.frame, from: mark)
            throw error
        }
    }

    @inline(__always)
    private func named<T>(
        _ key: Key, _ frame: Int, _ context: FastDecodingContext, _ body: (FastDecodingContext) throws -> T
    ) throws -> T {
        do {
            return try body(context)
        } catch {
            throw context.naming(key, of: frame, in: error)
        }
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        let context = self.context
        let location = try present(key, context)
        guard location.offset < 0 else { return try context.replay(at: location.offset) { context.readNilIfPresent() } }
        if context.readNilIfPresent() { return true }
        // Step over the value; a later decode(_:forKey:) re-reads it from its recorded offset.
        try context.skipValue()
        return false
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try leaf(key) { try $0.readBool() }
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try leaf(key) { try $0.readString() }
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try leaf(key) { try $0.readDouble() }
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try leaf(key) { try $0.readFloat() }
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try leaf(key) { try $0.readInteger(type) }
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try leaf(key) { try $0.readInteger(type) }
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try leaf(key) { try $0.readInteger(type) }
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try leaf(key) { try $0.readInteger(type) }
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try leaf(key) { try $0.readInteger(type) }
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try leaf(key) { try $0.readInteger(type) }
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try leaf(key) { try $0.readInteger(type) }
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try leaf(key) { try $0.readInteger(type) }
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try leaf(key) { try $0.readInteger(type) }
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try leaf(key) { try $0.readInteger(type) }
    }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 {
        try leaf(key) { try $0.readInteger(type) }
    }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 {
        try leaf(key) { try $0.readInteger(type) }
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try withContext { context in
            // Inline, the common case: the key's value is the next one in the stream.
            if let here = try next(key, context) {
                return try streamed(here, context) { try context.decode(type, key: here.frameKey(Key.self)) }
            }
            guard let location = try locate(key, context) else {
                return try defaulted(type, key, context, isLeaf: FastDecodingContext.readsDirectly(T.self))
            }
            let frameKey = location.frameKey(Key.self)
            if location.offset < 0 {
                return try streamed(location, context) { try context.decode(type, key: frameKey) }
            }
            return try context.replay(at: location.offset) { try context.decode(type, key: frameKey) }
        }
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try leafIfPresent(key) { try $0.readBool() }
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try leafIfPresent(key) { try $0.readString() }
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try leafIfPresent(key) { try $0.readDouble() }
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try leafIfPresent(key) { try $0.readFloat() }
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try leafIfPresent(key) { try $0.readInteger(type) }
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try leafIfPresent(key) { try $0.readInteger(type) }
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try leafIfPresent(key) { try $0.readInteger(type) }
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try leafIfPresent(key) { try $0.readInteger(type) }
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try leafIfPresent(key) { try $0.readInteger(type) }
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try leafIfPresent(key) { try $0.readInteger(type) }
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try leafIfPresent(key) { try $0.readInteger(type) }
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try leafIfPresent(key) { try $0.readInteger(type) }
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try leafIfPresent(key) { try $0.readInteger(type) }
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try leafIfPresent(key) { try $0.readInteger(type) }
    }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? {
        try leafIfPresent(key) { try $0.readInteger(type) }
    }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? {
        try leafIfPresent(key) { try $0.readInteger(type) }
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try withContext { context in
            if let here = try next(key, context) {
                return try streamed(here, context) {
                    context.readNilIfPresent() ? nil : try context.decode(type, key: here.frameKey(Key.self))
                }
            }
            guard let location = try locate(key, context) else { return nil }
            let frameKey = location.frameKey(Key.self)
            if location.offset < 0 {
                return try streamed(location, context) {
                    context.readNilIfPresent() ? nil : try context.decode(type, key: frameKey)
                }
            }
            return try context.replay(at: location.offset) {
                context.readNilIfPresent() ? nil : try context.decode(type, key: frameKey)
            }
        }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let context = self.context
        guard let index = try nestedFrame(key, keyed: true, context) else {
            return try defaultDecoder(key, context).container(keyedBy: type)
        }
        return try context.keyedContainer(NestedKey.self, frame: index)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let context = self.context
        guard let index = try nestedFrame(key, keyed: false, context) else {
            return try defaultDecoder(key, context).unkeyedContainer()
        }
        return FastUnkeyedDecodingContainer(context: context, frame: index)
    }

    /// Locates the value for `key` and gives it a scanned frame of its own (see
    /// ``FastDecodingContext/scannedFrame(key:keyed:)``); `nil` when the archive lacks it.
    private func nestedFrame(_ key: Key, keyed: Bool, _ context: FastDecodingContext) throws -> Int? {
        guard let location = try locate(key, context) else { return nil }
        let frameKey = location.frameKey(Key.self)
        if location.offset < 0 {
            return try streamed(location, context) { try context.scannedFrame(key: frameKey, keyed: keyed) }
        }
        return try context.replay(at: location.offset) { try context.scannedFrame(key: frameKey, keyed: keyed) }
    }

    /// A decoder for the value of `super` (``KeyNames/superValue``), or one reading
    /// null when the value holds no such key.
    func superDecoder() throws -> any Decoder {
        let context = self.context
        let frame = try checkedFrame(context)
        let superKey: any CodingKey =
            Key(stringValue: KeyNames.superValue) ?? ArchiveCodingKey(stringValue: KeyNames.superValue)
        guard let location = try context.locate(named: KeyNames.superValue, in: frame) else {
            return FastLocatedDecoder(context: context, absentKey: superKey, in: frame)
        }
        return try context.locatedDecoder(
            at: location.offset, key: .init(parent: frame, position: location.position, keyType: Key.self))
    }

    /// A decoder for the value of `key`, or one reading null when the value lacks it (and its type
    /// declares no default for it), as Foundation's decoders do.
    func superDecoder(forKey key: Key) throws -> any Decoder {
        let context = self.context
        guard let location = try locate(key, context) else { return try absentSuperDecoder(key, context) }
        return try context.locatedDecoder(at: location.offset, key: location.frameKey(Key.self))
    }

    @inline(never)
    private func absentSuperDecoder(_ key: Key, _ context: FastDecodingContext) throws -> any Decoder {
        let frame = try checkedFrame(context)
        if let value = try context.defaultValue(for: key, in: frame) {
            return context.defaultDecoder(value, for: key, in: frame)
        }
        return FastLocatedDecoder(context: context, absentKey: key, in: frame)
    }
}
