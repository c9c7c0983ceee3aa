import Foundation

struct HRKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: HRDecoderImplementation
    let entries: [String: HRValue]
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] {
        entries.keys.compactMap { $0 == HRValue.classKey ? nil : Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool { entries[key.stringValue] != nil }

    private func node(_ key: Key) throws -> HRValue {
        guard let node = entries[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "no value for '\(key.stringValue)' at '\(HRKeyPath.string(codingPath))'"))
        }
        return node
    }

    private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

    func decodeNil(forKey key: Key) throws -> Bool { HRDecoding.isNull(try node(key)) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try HRDecoding.bool(try node(key), decoder.state, path(key))
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try HRDecoding.string(try node(key), decoder.state, path(key))
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try HRDecoding.double(try node(key), decoder.state, path(key))
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try HRDecoding.float(try node(key), decoder.state, path(key))
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try HRDecoding.integer(type, try node(key), decoder.state, path(key))
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try HRDecoding.integer(type, try node(key), decoder.state, path(key))
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try HRDecoding.integer(type, try node(key), decoder.state, path(key))
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try HRDecoding.integer(type, try node(key), decoder.state, path(key))
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try HRDecoding.integer(type, try node(key), decoder.state, path(key))
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try HRDecoding.integer(type, try node(key), decoder.state, path(key))
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try HRDecoding.integer(type, try node(key), decoder.state, path(key))
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try HRDecoding.integer(type, try node(key), decoder.state, path(key))
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try HRDecoding.integer(type, try node(key), decoder.state, path(key))
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try HRDecoding.integer(type, try node(key), decoder.state, path(key))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.state.unbox(try node(key), as: type, at: path(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try HRDecoderImplementation(node: try node(key), codingPath: path(key), state: decoder.state).container(
            keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try HRDecoderImplementation(node: try node(key), codingPath: path(key), state: decoder.state).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        let key = ArchiveCodingKey(stringValue: "super")
        return HRDecoderImplementation(
            node: entries[key.stringValue] ?? .dictionary([:]), codingPath: codingPath + [key], state: decoder.state)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        HRDecoderImplementation(
            node: entries[key.stringValue] ?? .dictionary([:]), codingPath: path(key), state: decoder.state)
    }
}
