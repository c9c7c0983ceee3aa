/// Reads the elements of an Array / Set / OrderedSet chunk (or their mutable variants) in order.
///
/// A read that fails leaves the element unread (see ``FastDecodingContext/rewind(to:)``), so it
/// can be read again as another type. A container kept past its list's value throws.
struct FastUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let context: FastDecodingContext
    let frame: Int
    /// The offset of the list's chunk: the frame at `frame` is this container's list while it
    /// holds this list (a frame index is reused once its value is finished).
    private let listStart: Int

    init(context: FastDecodingContext, frame: Int) {
        self.context = context
        self.frame = frame
        listStart = context.frames.indices.contains(frame) ? context.frames[frame].firstValueOffset : -1
    }

    var codingPath: [any CodingKey] { context.path(through: frame) }

    /// The list's frame, or `nil` once its value was finished. The address is valid until the
    /// next frame is pushed.
    private var state: UnsafeMutablePointer<FastDecodingContext.Frame>? {
        guard context.frames.indices.contains(frame) else { return nil }
        let state = context.frames.address(of: frame)
        guard state.pointee.kind == .list, state.pointee.firstValueOffset == listStart else { return nil }
        return state
    }

    /// `nil` once the list's value was finished.
    var count: Int? { state?.pointee.count }
    /// `false` once the list's value was finished, so that a loop reading to the end reaches
    /// the read that throws.
    var isAtEnd: Bool {
        guard let state else { return false }
        return state.pointee.cursor >= state.pointee.count
    }
    var currentIndex: Int { state?.pointee.cursor ?? 0 }

    private func finished(_ type: Any.Type) -> DecodingError {
        DecodingError.valueNotFound(
            type,
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "an unkeyed container was used after its list's value was finished"))
    }

    /// Claims the next element; `body` reads it from the stream or from its scanned offset. A
    /// failed read gives the element back.
    @inline(__always)
    private func next<T>(_ type: Any.Type, _ body: () throws -> T) throws -> T {
        guard let state else { throw finished(type) }
        let cursor = state.pointee.cursor
        let count = state.pointee.count
        guard cursor < count else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: codingPath + [ArchiveCodingKey(index: cursor)],
                    debugDescription: "the list has only \(count) elements"))
        }
        let scanned = state.pointee.scanned
        state.pointee.cursor = cursor + 1
        let mark = context.readMark
        do {
            guard let scanned else { return try body() }
            return try context.replay(at: scanned.offsets[cursor], body)
        } catch {
            context.rewind(to: mark)
            if context.frames.indices.contains(frame) { context.frames[frame].cursor = cursor }
            throw context.naming(ArchiveCodingKey(index: cursor), of: frame, in: error)
        }
    }

    mutating func decodeNil() throws -> Bool {
        guard let state else { throw finished(Never?.self) }
        let cursor = state.pointee.cursor
        guard cursor < state.pointee.count else { return false }
        let isNil: Bool
        if let scanned = state.pointee.scanned {
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

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try next(type) { try context.readInteger(type) } }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try next(type) { try context.readInteger(type) } }

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

    /// A decoder for the next element, which it reads again (located now, the stream moved past it).
    mutating func superDecoder() throws -> any Decoder {
        let key = FastDecodingContext.FrameKey(parent: frame, position: currentIndex)
        let offset = try next(FastLocatedDecoder.self) { try context.locateValue() }
        return FastLocatedDecoder(context: context, key: key, offset: offset)
    }
}
