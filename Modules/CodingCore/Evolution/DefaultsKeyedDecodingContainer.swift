import Foundation

/// Reads a keyed container of a type's defaults.
struct DefaultsKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let entries: [String: DefaultsNode]
    let order: [String]
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    var allKeys: [Key] { order.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { entries[key.stringValue] != nil }

    private func node(_ key: Key) throws -> DefaultsNode {
        guard let node = entries[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "the default holds no value for '\(key.stringValue)'"))
        }
        return node
    }

    private func scalar<T>(_ type: T.Type, _ key: Key) throws -> T {
        try DefaultsDecoder.scalar(type, from: node(key), codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try node(key) { return true }
        return false
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try scalar(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try scalar(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try scalar(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try scalar(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try scalar(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try scalar(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try scalar(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try scalar(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try scalar(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try scalar(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try scalar(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try scalar(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try scalar(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try scalar(type, key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try scalar(type, key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try scalar(type, key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try DefaultsDecoder.decode(type, from: node(key), codingPath: codingPath + [key], userInfo: userInfo)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        let key = ArchiveCodingKey(stringValue: "super")
        let node = entries[key.stringValue] ?? .keyed([:], order: [])
        return DefaultsDecoder(node: node, codingPath: codingPath + [key], userInfo: userInfo)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        let node = entries[key.stringValue] ?? .keyed([:], order: [])
        return DefaultsDecoder(node: node, codingPath: codingPath + [key], userInfo: userInfo)
    }

    private func decoder(_ key: Key) throws -> DefaultsDecoder {
        DefaultsDecoder(node: try node(key), codingPath: codingPath + [key], userInfo: userInfo)
    }
}
