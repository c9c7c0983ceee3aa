import Foundation

struct HRKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: HREncoderImplementation
    let storage: HRKeyedStorage
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func put(_ key: Key, _ node: HRValue) { storage.entries.append((key.stringValue, node)) }

    mutating func encodeNil(forKey key: Key) throws { put(key, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(key, .bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(key, .string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(key, .real(value)) }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        put(key, .real(Double(value)))
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        put(key, .integer(Int64(value)))
    }
    mutating func encode(_ value: Int8, forKey key: Key) throws {
        put(key, .integer(Int64(value)))
    }
    mutating func encode(_ value: Int16, forKey key: Key) throws {
        put(key, .integer(Int64(value)))
    }
    mutating func encode(_ value: Int32, forKey key: Key) throws {
        put(key, .integer(Int64(value)))
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(key, .integer(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
        put(key, try unsigned(UInt64(value), key))
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        put(key, .integer(Int64(value)))
    }
    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        put(key, .integer(Int64(value)))
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        put(key, .integer(Int64(value)))
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        put(key, try unsigned(value, key))
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if T.self is AnyObject.Type, encoder.state.isEmptyReference(value), !encoder.encodesDictionary { return }
        put(key, try encoder.state.box(value, at: encoder.codingPath + [key]))
    }

    private func unsigned(_ value: UInt64, _ key: Key) throws -> HRValue {
        try HRUnsigned.node(value, at: encoder.codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let nested = HREncoderImplementation(state: encoder.state, codingPath: encoder.codingPath + [key])
        storage.pending.append((key.stringValue, nested))
        return nested.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = HREncoderImplementation(state: encoder.state, codingPath: encoder.codingPath + [key])
        storage.pending.append((key.stringValue, nested))
        return nested.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { superEncoder(forKey: ArchiveCodingKey(stringValue: "super")) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(forKey: key as any CodingKey) }

    private mutating func superEncoder(forKey key: any CodingKey) -> any Encoder {
        let nested = HREncoderImplementation(state: encoder.state, codingPath: encoder.codingPath + [key])
        storage.pending.append((key.stringValue, nested))
        return nested
    }
}
