/// Records each key asked for and answers with a placeholder; optional properties come back nil.
struct PlaceholderKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let recorder: KeyRecorder?
    let depth: Int

    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool {
        recorder?.record(key.stringValue)
        return true
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        recorder?.record(key.stringValue)
        return true
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        recorder?.record(key.stringValue)
        return try PropertyKeyDiscovery.placeholder(T.self, depth: depth)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        recorder?.record(key.stringValue)
        return KeyedDecodingContainer(PlaceholderKeyedDecodingContainer<NestedKey>(recorder: nil, depth: depth + 1))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        recorder?.record(key.stringValue)
        return PlaceholderUnkeyedDecodingContainer()
    }

    func superDecoder() throws -> any Decoder {
        PlaceholderDecoder(recorder: recorder, depth: depth)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        recorder?.record(key.stringValue)
        return PlaceholderDecoder(recorder: nil, depth: depth + 1)
    }
}
