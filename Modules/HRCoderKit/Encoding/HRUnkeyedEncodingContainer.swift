import Foundation

struct HRUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: HREncoderImplementation
    let storage: HRUnkeyedStorage
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { storage.items.count }

    private var nextKey: ArchiveCodingKey { ArchiveCodingKey(index: storage.items.count) }

    mutating func encodeNil() throws { storage.items.append(.null) }
    mutating func encode(_ value: Bool) throws { storage.items.append(.bool(value)) }
    mutating func encode(_ value: String) throws { storage.items.append(.string(value)) }
    mutating func encode(_ value: Double) throws { storage.items.append(.real(value)) }
    mutating func encode(_ value: Float) throws { storage.items.append(.real(Double(value))) }
    mutating func encode(_ value: Int) throws { storage.items.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { storage.items.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { storage.items.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { storage.items.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { storage.items.append(.integer(value)) }
    mutating func encode(_ value: UInt) throws {
        storage.items.append(.integer(exactly: value))
    }
    mutating func encode(_ value: UInt8) throws { storage.items.append(.integer(Int64(value))) }
    mutating func encode(_ value: UInt16) throws { storage.items.append(.integer(Int64(value))) }
    mutating func encode(_ value: UInt32) throws { storage.items.append(.integer(Int64(value))) }
    mutating func encode(_ value: UInt64) throws {
        storage.items.append(.integer(exactly: value))
    }
    mutating func encode(_ value: Int128) throws {
        storage.items.append(.integer(exactly: value))
    }
    mutating func encode(_ value: UInt128) throws {
        storage.items.append(.integer(exactly: value))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        storage.items.append(try encoder.state.box(value, at: codingPath + [nextKey]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        let nested = appendPending()
        return nested.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        appendPending().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { appendPending() }

    private mutating func appendPending() -> HREncoderImplementation {
        let nested = HREncoderImplementation(state: encoder.state, codingPath: codingPath + [nextKey])
        storage.pending.append((storage.items.count, nested))
        storage.items.append(.null)
        return nested
    }
}
