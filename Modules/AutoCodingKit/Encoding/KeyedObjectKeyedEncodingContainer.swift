import Foundation

/// Writes an object's properties (inline scalars, UIDs for everything else) or a dictionary's
/// entries (UIDs throughout).
struct KeyedObjectKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: KeyedValueEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    /// Appends the field `key`, whose key reference is written before `value` runs; a key written
    /// again replaces its value (the last write wins).
    ///
    /// The appends stay here, in the body that also inlines the key lookup, rather than in a
    /// small helper of their own: inlined into a small function, `Array.append` becomes three
    /// out-of-line calls per append, 1 % of a 2,000-record encode's instructions.
    @inline(__always)
    private func field(_ key: Key, _ value: () throws -> Int) rethrows {
        let keyReference = encoder.keyReference(key)
        let reference = try value()
        guard encoder.keysAreDistinct else {
            return encoder.appendOrReplaceField(key: keyReference, value: reference)
        }
        encoder.keys.append(keyReference)
        encoder.values.append(reference)
    }

    @inline(__always)
    private func append(_ key: Key, scalar reference: Int) {
        field(key) { encoder.isDictionary ? encoder.state.writer.entry(reference) : reference }
    }

    mutating func encodeNil(forKey key: Key) throws {
        field(key) { encoder.state.writer.uidReference(0) }
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        append(key, scalar: encoder.state.writer.plist.bool(value))
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        field(key) { encoder.state.writer.stringEntry(value) }
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
    mutating func encode(_ value: Int128, forKey key: Key) throws { try wide(value, forKey: key) }
    mutating func encode(_ value: UInt128, forKey key: Key) throws { try wide(value, forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try encode(UInt64(value), forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try encode(Int(value), forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try encode(Int(value), forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try encode(Int(value), forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        append(key, scalar: encoder.state.writer.plist.unsignedInteger(value))
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if T.self is AnyObject.Type, encoder.state.isEmptyReference(value), !encoder.isDictionary { return }
        // Spelled out rather than through `field`: in this generic method the closure would stay
        // a closure, with a context to retain and release per value.
        let keyReference = encoder.keyReference(key)
        let reference = try encoder.state.encode(value, inline: !encoder.isDictionary, parent: encoder, key: key)
        guard encoder.keysAreDistinct else {
            return encoder.appendOrReplaceField(key: keyReference, value: reference)
        }
        encoder.keys.append(keyReference)
        encoder.values.append(reference)
    }

    /// A 128-bit integer: a property-list integer when it fits 64 bits, an exact `NSDecimalNumber`
    /// otherwise.
    private func wide(_ value: some FixedWidthInteger, forKey key: Key) throws {
        try field(key) {
            try encoder.state.integer(value, inline: !encoder.isDictionary, codingPath: codingPath + [key])
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        encoder.nestedEncoder(forKey: key, adding: .keyed).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.nestedEncoder(forKey: key, adding: .unkeyed).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        if let key = Key(stringValue: "super") { return encoder.nestedEncoder(forKey: key, adding: nil) }
        return encoder.nestedEncoder(forKey: ArchiveCodingKey(stringValue: "super"), adding: nil)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder.nestedEncoder(forKey: key, adding: nil)
    }
}
