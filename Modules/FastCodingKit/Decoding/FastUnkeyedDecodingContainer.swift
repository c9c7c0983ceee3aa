/// Reads the elements of an Array / Set / OrderedSet chunk (or their mutable variants) in order.
struct FastUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let context: FastDecodingContext
    let frame: Int

    var codingPath: [any CodingKey] { context.path(through: frame) }
    var count: Int? { context.frames[frame].count }
    var isAtEnd: Bool { context.frames[frame].cursor >= context.frames[frame].count }
    var currentIndex: Int { context.frames[frame].cursor }

    /// Claims the next element; `body` reads it from the stream or from its scanned offset.
    @inline(__always)
    private func next<T>(_ type: Any.Type, _ body: () throws -> T) throws -> T {
        let cursor = context.frames[frame].cursor
        let count = context.frames[frame].count
        guard cursor < count else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: codingPath + [ArchiveCodingKey(index: cursor)],
                    debugDescription: "the list has only \(count) elements"))
        }
        context.frames[frame].cursor = cursor + 1
        do {
            guard let scanned = context.frames[frame].scanned else { return try body() }
            return try context.replay(at: scanned.offsets[cursor], body)
        } catch {
            throw context.naming(ArchiveCodingKey(index: cursor), of: frame, in: error)
        }
    }

    mutating func decodeNil() throws -> Bool {
        let cursor = context.frames[frame].cursor
        guard cursor < context.frames[frame].count else { return false }
        let isNil: Bool
        if let scanned = context.frames[frame].scanned {
            isNil = try context.replay(at: scanned.offsets[cursor]) { context.readNilIfPresent() }
        } else {
            isNil = context.readNilIfPresent()
        }
        if isNil { context.frames[frame].cursor = cursor + 1 }
        return isNil
    }

    mutating func decode(_ type: String.Type) throws -> String { try next(type) { try context.readString() } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) { try context.readInteger(type) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) { try context.readDouble() } }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) { try context.readBool() } }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let index = currentIndex
        return try next(type) {
            try context.decode(type, key: FastDecodingContext.FrameKey(parent: frame, position: index))
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        let key = FastDecodingContext.FrameKey(parent: frame, position: currentIndex)
        let index = try next(type) { try context.scannedFrame(key: key, keyed: true) }
        return try context.keyedContainer(NestedKey.self, frame: index)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let key = FastDecodingContext.FrameKey(parent: frame, position: currentIndex)
        let index = try next([Any].self) { try context.scannedFrame(key: key, keyed: false) }
        return FastUnkeyedDecodingContainer(context: context, frame: index)
    }

    mutating func superDecoder() throws -> any Decoder {
        throw context.corrupted("superDecoder() is not supported by FastCoding")
    }
}
