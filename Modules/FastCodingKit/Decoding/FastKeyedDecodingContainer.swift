/// Reads an object's properties (by its class definition's keys) or a dictionary's entries.
///
/// Keys asked in wire order are read straight from the stream; any other order locates the
/// remaining values once and re-reads them from their offsets.
///
/// A container made with `frameIndex` −1 reads the decoder's current frame, so one instance
/// per key type can be reused for every object (see ``FastDecodingContext``).
struct FastKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let context: FastDecodingContext
    let frameIndex: Int

    init(context: FastDecodingContext, frame: Int) {
        self.context = context
        frameIndex = frame
    }

    private var frame: Int { frameIndex >= 0 ? frameIndex : context.currentFrame }

    @inline(__always)
    private func checkedFrame() throws -> Int {
        let frame = self.frame
        guard frame >= 0 && frame < context.frames.count else {
            throw context.corrupted("a keyed container was used after its value was finished")
        }
        return frame
    }

    var codingPath: [any CodingKey] { context.path(through: frame) }

    /// A dictionary's keys, or an object's keys with a non-Nil value (so an enum's synthesized
    /// `init(from:)` sees its one case, while a dictionary keeps its nil entries).
    var allKeys: [Key] {
        guard let frame = try? checkedFrame() else { return [] }
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
        guard let frame = try? checkedFrame() else { return false }
        if context.frames[frame].kind == .scannedKeyed {
            return context.frames[frame].scanned?.keys.contains(key.stringValue) ?? false
        }
        return context.classes[context.frames[frame].classIndex].keys.contains(key.stringValue)
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
    private func next(_ key: Key) throws -> Location? {
        let context = self.context
        let frame = try checkedFrame()
        guard context.frames[frame].kind == .streamingObject else { return nil }
        let cursor = context.frames[frame].cursor
        guard cursor < context.frames[frame].count,
            context.definitionKey(of: context.frames[frame].classIndex, at: cursor, is: key)
        else { return nil }
        context.frames[frame].cursor = cursor + 1
        return Location(frame: frame, position: cursor, offset: -1)
    }

    /// Where the value for `key` is, or `nil` when the object/dictionary has no such key.
    private func locate(_ key: Key) throws -> Location? {
        if let here = try next(key) { return here }
        let context = self.context
        let frame = try checkedFrame()
        if context.frames[frame].kind == .streamingObject {
            guard context.classes[context.frames[frame].classIndex].keys.contains(key.stringValue) else { return nil }
            try context.scanObjectValues(frame)
        }
        guard let scanned = context.frames[frame].scanned, let found = scanned.keys.firstIndex(of: key.stringValue)
        else { return nil }
        return Location(frame: frame, position: found, offset: scanned.offsets[found])
    }

    /// Where the value for `key` is; throws `keyNotFound` when there is none.
    @inline(__always)
    private func present(_ key: Key) throws -> Location {
        guard let location = try locate(key) else { throw missing(key) }
        return location
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
    private func leaf<T>(_ key: Key, _ body: () throws -> T) throws -> T {
        if let here = try next(key) { return try named(key, here.frame, body) }
        let location = try present(key)
        if location.offset < 0 { return try named(key, location.frame, body) }
        return try context.replay(at: location.offset) { try named(key, location.frame, body) }
    }

    /// `leaf(_:_:)` for optional values: `nil` for a missing key or a Nil/Null chunk.
    @inline(__always)
    private func leafIfPresent<T>(_ key: Key, _ body: () throws -> T) throws -> T? {
        if let here = try next(key) { return context.readNilIfPresent() ? nil : try named(key, here.frame, body) }
        guard let location = try locate(key) else { return nil }
        if location.offset < 0 { return context.readNilIfPresent() ? nil : try named(key, location.frame, body) }
        return try context.replay(at: location.offset) {
            context.readNilIfPresent() ? nil : try named(key, location.frame, body)
        }
    }

    @inline(__always)
    private func named<T>(_ key: Key, _ frame: Int, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw context.naming(key, of: frame, in: error)
        }
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        let location = try present(key)
        guard location.offset < 0 else { return try context.replay(at: location.offset) { context.readNilIfPresent() } }
        if context.readNilIfPresent() { return true }
        // Step over the value; a later decode(_:forKey:) re-reads it from its recorded offset.
        try context.skipValue()
        return false
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try leaf(key) { try context.readBool() }
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try leaf(key) { try context.readString() }
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try leaf(key) { try context.readDouble() }
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try leaf(key) { try context.readFloat() }
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try leaf(key) { try context.readInteger(type) }
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try leaf(key) { try context.readInteger(type) }
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try leaf(key) { try context.readInteger(type) }
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try leaf(key) { try context.readInteger(type) }
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try leaf(key) { try context.readInteger(type) }
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try leaf(key) { try context.readInteger(type) }
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try leaf(key) { try context.readInteger(type) }
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try leaf(key) { try context.readInteger(type) }
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try leaf(key) { try context.readInteger(type) }
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try leaf(key) { try context.readInteger(type) }
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let location = try present(key)
        let frameKey = location.frameKey(Key.self)
        if location.offset < 0 { return try context.decode(type, key: frameKey) }
        return try context.replay(at: location.offset) { try context.decode(type, key: frameKey) }
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try leafIfPresent(key) { try context.readBool() }
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try leafIfPresent(key) { try context.readString() }
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try leafIfPresent(key) { try context.readDouble() }
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try leafIfPresent(key) { try context.readFloat() }
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try leafIfPresent(key) { try context.readInteger(type) }
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try leafIfPresent(key) { try context.readInteger(type) }
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try leafIfPresent(key) { try context.readInteger(type) }
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try leafIfPresent(key) { try context.readInteger(type) }
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try leafIfPresent(key) { try context.readInteger(type) }
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try leafIfPresent(key) { try context.readInteger(type) }
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try leafIfPresent(key) { try context.readInteger(type) }
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try leafIfPresent(key) { try context.readInteger(type) }
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try leafIfPresent(key) { try context.readInteger(type) }
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try leafIfPresent(key) { try context.readInteger(type) }
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let location = try locate(key) else { return nil }
        let frameKey = location.frameKey(Key.self)
        if location.offset < 0 { return context.readNilIfPresent() ? nil : try context.decode(type, key: frameKey) }
        return try context.replay(at: location.offset) {
            context.readNilIfPresent() ? nil : try context.decode(type, key: frameKey)
        }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let index = try nestedFrame(key, keyed: true)
        return KeyedDecodingContainer(FastKeyedDecodingContainer<NestedKey>(context: context, frame: index))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let index = try nestedFrame(key, keyed: false)
        return FastUnkeyedDecodingContainer(context: context, frame: index)
    }

    /// Locates the value for `key` and gives it a scanned frame of its own (see ``FastDecodingContext/scannedFrame(key:keyed:)``).
    private func nestedFrame(_ key: Key, keyed: Bool) throws -> Int {
        let location = try present(key)
        let frameKey = location.frameKey(Key.self)
        if location.offset < 0 { return try context.scannedFrame(key: frameKey, keyed: keyed) }
        return try context.replay(at: location.offset) { try context.scannedFrame(key: frameKey, keyed: keyed) }
    }

    func superDecoder() throws -> any Decoder {
        throw context.corrupted("superDecoder() is not supported by FastCoding: call super.init(from: decoder)")
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try superDecoder()
    }
}
