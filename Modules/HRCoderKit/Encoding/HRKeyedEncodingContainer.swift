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
        put(key, .integer(exactly: value))
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
        put(key, .integer(exactly: value))
    }
    mutating func encode(_ value: Int128, forKey key: Key) throws {
        put(key, .integer(exactly: value))
    }
    mutating func encode(_ value: UInt128, forKey key: Key) throws {
        put(key, .integer(exactly: value))
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if T.self is AnyObject.Type, encoder.state.isEmptyReference(value), !encoder.encodesDictionary { return }
        put(key, try encoder.state.box(value, at: encoder.codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        nestedEncoder(key, keyed: true).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        nestedEncoder(key, keyed: false).unkeyedContainer()
    }

    /// The encoder of a nested container of `key`: a second nested container of one key adds
    /// to the first, and one after `encode(_:forKey:)` of a dictionary adds to that dictionary.
    private func nestedEncoder(_ key: Key, keyed: Bool) -> HREncoderImplementation {
        let make = { HREncoderImplementation(state: encoder.state, codingPath: encoder.codingPath + [key]) }
        if let merged = storage.mergeTarget(for: key.stringValue, keyed: keyed, make: make) { return merged }
        let nested = make()
        storage.appendPending(key.stringValue, nested)
        return nested
    }

    mutating func superEncoder() -> any Encoder { superEncoder(forKey: ArchiveCodingKey(stringValue: "super")) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(forKey: key as any CodingKey) }

    /// A super encoder writes its key anew, as Foundation's do: it replaces earlier writes.
    private mutating func superEncoder(forKey key: any CodingKey) -> any Encoder {
        let nested = HREncoderImplementation(state: encoder.state, codingPath: encoder.codingPath + [key])
        storage.appendPending(key.stringValue, nested)
        return nested
    }
}
