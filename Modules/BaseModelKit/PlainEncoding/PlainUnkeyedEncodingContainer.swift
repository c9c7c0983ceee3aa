import Foundation

/// Foundation's unkeyed container, with each value passed through ``PlainEncoder/encode(_:at:screen:write:)``.
struct PlainUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    var base: any UnkeyedEncodingContainer
    let screen: PlainValueScreen

    var codingPath: [any CodingKey] { base.codingPath }
    var count: Int { base.count }

    mutating func encodeNil() throws { try base.encodeNil() }
    mutating func encode(_ value: Bool) throws { try base.encode(value) }
    mutating func encode(_ value: String) throws {
        screen.strings?.note(value, at: base.codingPath + [ArchiveCodingKey(index: base.count)])
        try base.encode(value)
    }
    mutating func encode(_ value: Double) throws { try base.encode(value) }
    mutating func encode(_ value: Float) throws { try base.encode(value) }
    mutating func encode(_ value: Int) throws { try base.encode(value) }
    mutating func encode(_ value: Int8) throws { try base.encode(value) }
    mutating func encode(_ value: Int16) throws { try base.encode(value) }
    mutating func encode(_ value: Int32) throws { try base.encode(value) }
    mutating func encode(_ value: Int64) throws { try base.encode(value) }
    mutating func encode(_ value: UInt) throws { try base.encode(value) }
    mutating func encode(_ value: UInt8) throws { try base.encode(value) }
    mutating func encode(_ value: UInt16) throws { try base.encode(value) }
    mutating func encode(_ value: UInt32) throws { try base.encode(value) }
    mutating func encode(_ value: UInt64) throws { try base.encode(value) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { try base.encode(value) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { try base.encode(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try PlainEncoder.encode(value, at: base.codingPath + [ArchiveCodingKey(index: base.count)], screen: screen) {
            try base.encode($0)
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        KeyedEncodingContainer(
            PlainKeyedEncodingContainer<NestedKey>(base: base.nestedContainer(keyedBy: keyType), screen: screen))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        PlainUnkeyedEncodingContainer(base: base.nestedUnkeyedContainer(), screen: screen)
    }

    mutating func superEncoder() -> any Encoder { PlainEncoder(base: base.superEncoder(), screen: screen) }
}
