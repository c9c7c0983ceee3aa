/// The single-value container of a ``FastLocatedDecoder``: reads the value again at each call.
struct FastLocatedValueContainer: SingleValueDecodingContainer {
    let decoder: FastLocatedDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool {
        guard let offset = decoder.offset else { return true }
        let context = decoder.context
        return (try? context.replay(at: offset) { context.readNilIfPresent() }) ?? false
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try read(type) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type) throws -> Int128 { try read(type) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type) throws -> UInt128 { try read(type) }

    private func read<T: Decodable>(_ type: T.Type) throws -> T {
        guard let offset = decoder.offset else { throw decoder.null(type, "a \(type) value") }
        let context = decoder.context
        return try context.replay(at: offset) { try context.decode(type, key: decoder.key) }
    }
}
