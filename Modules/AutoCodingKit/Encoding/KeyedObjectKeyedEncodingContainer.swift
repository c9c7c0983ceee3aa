import Foundation

/// Writes an object's properties (inline scalars, UIDs for everything else) or a dictionary's
/// entries (UIDs throughout).
struct KeyedObjectKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: KeyedValueEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    @inline(__always)
    private func append(_ key: Key, scalar reference: Int) {
        encoder.keys.append(encoder.keyReference(key))
        encoder.values.append(encoder.isDictionary ? encoder.state.writer.entry(reference) : reference)
    }

    mutating func encodeNil(forKey key: Key) throws {
        encoder.keys.append(encoder.keyReference(key))
        encoder.values.append(encoder.state.writer.uidReference(0))
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        append(key, scalar: encoder.state.writer.plist.bool(value))
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        encoder.keys.append(encoder.keyReference(key))
        encoder.values.append(encoder.state.writer.stringEntry(value))
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        append(key, scalar: encoder.state.writer.plist.real(value))
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        append(key, scalar: encoder.state.writer.plist.float(value))
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        append(key, scalar: encoder.state.writer.plist.integer(Int64(value)))
    }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try encode(Int(value), forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try encode(Int(value), forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try encode(Int(value), forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
        append(key, scalar: encoder.state.writer.plist.integer(value))
    }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try encode(UInt64(value), forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try encode(Int(value), forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try encode(Int(value), forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try encode(Int(value), forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        append(key, scalar: encoder.state.writer.plist.unsignedInteger(value))
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if T.self is AnyObject.Type, encoder.state.isEmptyReference(value), !encoder.isDictionary { return }
        let keyReference = encoder.keyReference(key)
        let reference = try encoder.state.encode(value, inline: !encoder.isDictionary, parent: encoder, key: key)
        encoder.keys.append(keyReference)
        encoder.values.append(reference)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        nestedEncoder(forKey: key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        nestedEncoder(forKey: key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        if let key = Key(stringValue: "super") { return nestedEncoder(forKey: key) }
        return nestedEncoder(forKey: ArchiveCodingKey(stringValue: "super"))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        nestedEncoder(forKey: key)
    }

    private func nestedEncoder(forKey key: some CodingKey) -> KeyedValueEncoder {
        let child = encoder.child(at: key)
        encoder.keys.append(encoder.keyReference(key))
        encoder.values.append(-1)
        encoder.nested.append((encoder.values.count - 1, true, child))
        return child
    }
}
