import Foundation

struct HRSingleValueEncodingContainer: SingleValueEncodingContainer {
    let encoder: HREncoderImplementation
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.single = .null }
    mutating func encode(_ value: Bool) throws { encoder.single = .bool(value) }
    mutating func encode(_ value: String) throws { encoder.single = .string(value) }
    mutating func encode(_ value: Double) throws { encoder.single = .real(value) }
    mutating func encode(_ value: Float) throws { encoder.single = .real(Double(value)) }
    mutating func encode(_ value: Int) throws { encoder.single = .integer(Int64(value)) }
    mutating func encode(_ value: Int8) throws { encoder.single = .integer(Int64(value)) }
    mutating func encode(_ value: Int16) throws { encoder.single = .integer(Int64(value)) }
    mutating func encode(_ value: Int32) throws { encoder.single = .integer(Int64(value)) }
    mutating func encode(_ value: Int64) throws { encoder.single = .integer(value) }
    mutating func encode(_ value: UInt) throws {
        encoder.single = .integer(exactly: value)
    }
    mutating func encode(_ value: UInt8) throws { encoder.single = .integer(Int64(value)) }
    mutating func encode(_ value: UInt16) throws { encoder.single = .integer(Int64(value)) }
    mutating func encode(_ value: UInt32) throws { encoder.single = .integer(Int64(value)) }
    mutating func encode(_ value: UInt64) throws { encoder.single = .integer(exactly: value) }
    mutating func encode(_ value: Int128) throws { encoder.single = .integer(exactly: value) }
    mutating func encode(_ value: UInt128) throws { encoder.single = .integer(exactly: value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.single = try encoder.state.box(value, at: codingPath)
    }
}
