import Foundation

/// Encodes a value that stands for itself (a raw-value enum, a wrapper): a scalar in place or
/// the UID of its entry.
struct KeyedObjectSingleValueEncodingContainer: SingleValueEncodingContainer {
    let encoder: KeyedValueEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func store(_ reference: Int, scalar: Bool) throws {
        guard encoder.single == nil else {
            throw EncodingError.invalidValue(
                reference,
                EncodingError.Context(
                    codingPath: codingPath, debugDescription: "a single-value container can hold one value only"))
        }
        encoder.single = reference
        encoder.singleIsScalar = scalar
    }

    mutating func encodeNil() throws { try store(encoder.state.writer.uidReference(0), scalar: false) }
    mutating func encode(_ value: Bool) throws { try store(encoder.state.writer.plist.bool(value), scalar: true) }
    mutating func encode(_ value: String) throws { try store(encoder.state.writer.stringEntry(value), scalar: false) }
    mutating func encode(_ value: Double) throws { try store(encoder.state.writer.plist.real(value), scalar: true) }
    mutating func encode(_ value: Float) throws { try store(encoder.state.writer.plist.float(value), scalar: true) }
    mutating func encode(_ value: Int) throws {
        try store(encoder.state.writer.plist.integer(Int64(value)), scalar: true)
    }
    mutating func encode(_ value: Int8) throws { try encode(Int(value)) }
    mutating func encode(_ value: Int16) throws { try encode(Int(value)) }
    mutating func encode(_ value: Int32) throws { try encode(Int(value)) }
    mutating func encode(_ value: Int64) throws { try store(encoder.state.writer.plist.integer(value), scalar: true) }
    mutating func encode(_ value: Int128) throws { try wide(value) }
    mutating func encode(_ value: UInt128) throws { try wide(value) }
    mutating func encode(_ value: UInt) throws { try encode(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { try encode(Int(value)) }
    mutating func encode(_ value: UInt16) throws { try encode(Int(value)) }
    mutating func encode(_ value: UInt32) throws { try encode(Int(value)) }
    mutating func encode(_ value: UInt64) throws {
        try store(encoder.state.writer.plist.unsignedInteger(value), scalar: true)
    }

    /// A 128-bit integer: a property-list integer when it fits 64 bits, an exact `NSDecimalNumber`
    /// otherwise.
    private func wide(_ value: some FixedWidthInteger) throws {
        let reference = try encoder.state.integer(value, inline: true, codingPath: codingPath)
        try store(reference, scalar: Int64(exactly: value) != nil || UInt64(exactly: value) != nil)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if let special = encoder.state.encodeSpecial(value, inline: false) {
            try store(special, scalar: false)
            return
        }
        try store(
            try encoder.state.encode(value, inline: false, parent: encoder.parent, key: encoder.key), scalar: false)
    }
}
