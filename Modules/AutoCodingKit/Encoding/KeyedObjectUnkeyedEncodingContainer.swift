import Foundation

/// Writes the items of an array or set (each a UID), or the alternating keys and values of a
/// dictionary whose keys are neither strings nor integers.
struct KeyedObjectUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: KeyedValueEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    var count: Int { encoder.items.count }

    @inline(__always)
    private func append(scalar reference: Int) {
        encoder.items.append(encoder.state.writer.entry(reference))
    }

    mutating func encodeNil() throws { encoder.items.append(encoder.state.writer.uidReference(0)) }
    mutating func encode(_ value: Bool) throws { append(scalar: encoder.state.writer.plist.bool(value)) }
    mutating func encode(_ value: String) throws { encoder.items.append(encoder.state.writer.stringEntry(value)) }
    mutating func encode(_ value: Double) throws { append(scalar: encoder.state.writer.plist.real(value)) }
    mutating func encode(_ value: Float) throws { append(scalar: encoder.state.writer.plist.float(value)) }
    mutating func encode(_ value: Int) throws { append(scalar: encoder.state.writer.plist.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { try encode(Int(value)) }
    mutating func encode(_ value: Int16) throws { try encode(Int(value)) }
    mutating func encode(_ value: Int32) throws { try encode(Int(value)) }
    mutating func encode(_ value: Int64) throws { append(scalar: encoder.state.writer.plist.integer(value)) }
    mutating func encode(_ value: UInt) throws { try encode(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { try encode(Int(value)) }
    mutating func encode(_ value: UInt16) throws { try encode(Int(value)) }
    mutating func encode(_ value: UInt32) throws { try encode(Int(value)) }
    mutating func encode(_ value: UInt64) throws { append(scalar: encoder.state.writer.plist.unsignedInteger(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let key = ArchiveCodingKey(index: encoder.items.count)
        encoder.items.append(try encoder.state.encode(value, inline: false, parent: encoder, key: key))
    }

    /// A 128-bit integer: a property-list integer entry when it fits 64 bits, an exact
    /// `NSDecimalNumber` otherwise.
    private func wide(_ value: some FixedWidthInteger) throws {
        let codingPath = codingPath + [ArchiveCodingKey(index: encoder.items.count)]
        encoder.items.append(try encoder.state.integer(value, inline: false, codingPath: codingPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        nestedEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        nestedEncoder().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        nestedEncoder()
    }

    private func nestedEncoder() -> KeyedValueEncoder {
        let child = encoder.child(at: ArchiveCodingKey(index: encoder.items.count))
        encoder.items.append(-1)
        encoder.nested.append((encoder.items.count - 1, false, child))
        return child
    }
}
