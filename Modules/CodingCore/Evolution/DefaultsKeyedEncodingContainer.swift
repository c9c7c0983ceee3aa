/// Records a keyed container of a type's defaults.
struct DefaultsKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: DefaultsSlot
    let codingPath: [any CodingKey]
    let encoding: DefaultsEncoding

    private func scalar(_ value: some Sendable, _ key: Key) throws {
        try encoding.count(at: codingPath + [key])
        slot.slot(forKey: key.stringValue).setScalar(value)
    }

    mutating func encodeNil(forKey key: Key) throws {
        try encoding.count(at: codingPath + [key])
        slot.slot(forKey: key.stringValue).setNull()
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws { try scalar(value, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try scalar(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try scalar(value, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try scalar(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try scalar(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try scalar(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try scalar(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try scalar(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try scalar(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try scalar(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try scalar(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try scalar(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try scalar(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try scalar(value, key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws { try scalar(value, key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws { try scalar(value, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encoding.encode(value, into: slot.slot(forKey: key.stringValue), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(
            DefaultsKeyedEncodingContainer<NestedKey>(
                slot: slot.nestedSlot(forKey: key.stringValue), codingPath: codingPath + [key], encoding: encoding))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        DefaultsEncoder(
            slot: slot.nestedSlot(forKey: key.stringValue), codingPath: codingPath + [key], encoding: encoding
        )
        .unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let key = ArchiveCodingKey(stringValue: "super")
        return DefaultsEncoder(
            slot: slot.nestedSlot(forKey: key.stringValue), codingPath: codingPath + [key], encoding: encoding)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        DefaultsEncoder(
            slot: slot.nestedSlot(forKey: key.stringValue), codingPath: codingPath + [key], encoding: encoding)
    }
}
