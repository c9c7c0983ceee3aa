/// Records a single value of a type's defaults.
struct DefaultsSingleValueEncodingContainer: SingleValueEncodingContainer {
    let slot: DefaultsSlot
    let codingPath: [any CodingKey]
    let encoding: DefaultsEncoding

    private func scalar(_ value: some Sendable) throws {
        try encoding.count(at: codingPath)
        slot.setScalar(value)
    }

    mutating func encodeNil() throws {
        try encoding.count(at: codingPath)
        slot.setNull()
    }

    mutating func encode(_ value: Bool) throws { try scalar(value) }
    mutating func encode(_ value: String) throws { try scalar(value) }
    mutating func encode(_ value: Double) throws { try scalar(value) }
    mutating func encode(_ value: Float) throws { try scalar(value) }
    mutating func encode(_ value: Int) throws { try scalar(value) }
    mutating func encode(_ value: Int8) throws { try scalar(value) }
    mutating func encode(_ value: Int16) throws { try scalar(value) }
    mutating func encode(_ value: Int32) throws { try scalar(value) }
    mutating func encode(_ value: Int64) throws { try scalar(value) }
    mutating func encode(_ value: UInt) throws { try scalar(value) }
    mutating func encode(_ value: UInt8) throws { try scalar(value) }
    mutating func encode(_ value: UInt16) throws { try scalar(value) }
    mutating func encode(_ value: UInt32) throws { try scalar(value) }
    mutating func encode(_ value: UInt64) throws { try scalar(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { try scalar(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { try scalar(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try encoding.encode(value, into: slot, codingPath: codingPath)
    }
}
