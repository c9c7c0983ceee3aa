/// Reads the one value of a type that decodes itself from a single value.
///
/// A read that fails leaves the value unread (see ``FastDecodingContext/rewind(to:)``), so it can
/// be read again as another type.
struct FastSingleValueDecodingContainer: SingleValueDecodingContainer {
    let context: FastDecodingContext
    let frame: Int

    var codingPath: [any CodingKey] { context.path(through: frame) }

    private func claim() throws {
        guard context.frames.indices.contains(frame), context.frames[frame].kind == .value,
            context.frames[frame].cursor == 0
        else {
            throw context.corrupted("the single value was already read")
        }
        context.frames[frame].cursor = 1
    }

    func decodeNil() -> Bool {
        guard context.frames.indices.contains(frame), context.frames[frame].cursor == 0,
            context.readNilIfPresent()
        else { return false }
        context.frames[frame].cursor = 1
        return true
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try read(type) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type) throws -> Int128 { try read(type) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type) throws -> UInt128 { try read(type) }

    private func read<T: Decodable>(_ type: T.Type) throws -> T {
        try claim()
        let mark = context.readMark
        do {
            return try context.decode(type, key: FastDecodingContext.FrameKey(parent: frame, position: -1))
        } catch {
            context.rewind(to: mark)
            if context.frames.indices.contains(frame) { context.frames[frame].cursor = 0 }
            throw error
        }
    }
}
