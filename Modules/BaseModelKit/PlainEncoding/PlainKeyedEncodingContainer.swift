import Foundation

/// Foundation's keyed container, with each value passed through ``PlainEncoder/encode(_:at:screen:write:)``.
struct PlainKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var base: KeyedEncodingContainer<Key>
    let screen: PlainValueScreen

    var codingPath: [any CodingKey] { base.codingPath }

    mutating func encodeNil(forKey key: Key) throws {
        note(key)
        try base.encodeNil(forKey: key)
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        note(key)
        try base.encode(value, forKey: key)
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        note(key)
        screen.strings?.note(value, at: base.codingPath + [key])
        try base.encode(value, forKey: key)
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        note(key)
        try base.encode(value, forKey: key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        note(key)
        try base.encode(value, forKey: key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        note(key)
        try base.encode(value, forKey: key)
    }
    mutating func encode(_ value: Int8, forKey key: Key) throws {
        note(key)
        try base.encode(value, forKey: key)
    }
    mutating func encode(_ value: Int16, forKey key: Key) throws {
        note(key)
        try base.encode(value, forKey: key)
    }
    mutating func encode(_ value: Int32, forKey key: Key) throws {
        note(key)
        try base.encode(value, forKey: key)
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
        note(key)
        try base.encode(value, forKey: key)
    }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
        note(key)
        try base.encode(value, forKey: key)
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        note(key)
        try base.encode(value, forKey: key)
    }
    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        note(key)
        try base.encode(value, forKey: key)
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        note(key)
        try base.encode(value, forKey: key)
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        note(key)
        try base.encode(value, forKey: key)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws {
        note(key)
        try base.encode(value, forKey: key)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws {
        note(key)
        try base.encode(value, forKey: key)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        note(key)
        try PlainEncoder.encode(value, at: base.codingPath + [key], screen: screen) { try base.encode($0, forKey: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        note(key)
        return KeyedEncodingContainer(
            PlainKeyedEncodingContainer<NestedKey>(
                base: base.nestedContainer(keyedBy: keyType, forKey: key), screen: screen))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        note(key)
        return PlainUnkeyedEncodingContainer(base: base.nestedUnkeyedContainer(forKey: key), screen: screen)
    }

    mutating func superEncoder() -> any Encoder { PlainEncoder(base: base.superEncoder(), screen: screen) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        note(key)
        return PlainEncoder(base: base.superEncoder(forKey: key), screen: screen)
    }

    /// Notes `key` with the screen's strings: a binary property list stores keys as strings too.
    private func note(_ key: Key) {
        screen.strings?.note(key.stringValue, at: base.codingPath + [key])
    }
}
