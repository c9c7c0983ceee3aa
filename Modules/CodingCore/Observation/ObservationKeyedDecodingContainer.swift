/// A keyed decoding container that reads an `@Observable` class's synthesized coding keys
/// under their declared names (see ``ObservationKeys``) from a container of the kit's own.
///
/// A key is read under its declared name (`volume`), or under the macro's storage name
/// (`_volume`) when only that is present (a file written before the names were mapped). Every
/// requirement is forwarded, so the kit's own rules (defaults of missing keys, former names,
/// optionals) apply to the declared name.
struct ObservationKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let base: KeyedDecodingContainer<ArchiveCodingKey>

    var codingPath: [any CodingKey] { base.codingPath }

    var allKeys: [Key] {
        base.allKeys.compactMap { ObservationKeys.codingKey(Key.self, forArchiveName: $0.stringValue) }
    }

    /// The key `key` is read under: its declared name, unless only the storage name is present.
    private func name(_ key: Key) -> ArchiveCodingKey {
        guard let declared = ObservationKeys.archiveName(key.stringValue) else {
            return ArchiveCodingKey(stringValue: key.stringValue)
        }
        let name = ArchiveCodingKey(stringValue: declared)
        if declared != key.stringValue, !base.contains(name) {
            let stored = ArchiveCodingKey(stringValue: key.stringValue)
            if base.contains(stored) { return stored }
        }
        return name
    }

    func contains(_ key: Key) -> Bool {
        key.stringValue == ObservationKeys.registrarKey || base.contains(name(key))
    }

    func decodeNil(forKey key: Key) throws -> Bool { try base.decodeNil(forKey: name(key)) }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try base.decode(type, forKey: name(key)) }

    func decode(_ type: String.Type, forKey key: Key) throws -> String { try base.decode(type, forKey: name(key)) }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try base.decode(type, forKey: name(key)) }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try base.decode(type, forKey: name(key)) }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try base.decode(type, forKey: name(key)) }

    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try base.decode(type, forKey: name(key)) }

    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try base.decode(type, forKey: name(key)) }

    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try base.decode(type, forKey: name(key)) }

    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try base.decode(type, forKey: name(key)) }

    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try base.decode(type, forKey: name(key)) }

    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try base.decode(type, forKey: name(key)) }

    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try base.decode(type, forKey: name(key)) }

    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try base.decode(type, forKey: name(key)) }

    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try base.decode(type, forKey: name(key)) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try base.decodeIfPresent(type, forKey: name(key))
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try base.decodeIfPresent(type, forKey: name(key))
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try base.decodeIfPresent(type, forKey: name(key))
    }

    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try base.decodeIfPresent(type, forKey: name(key))
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try base.decodeIfPresent(type, forKey: name(key))
    }

    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try base.decodeIfPresent(type, forKey: name(key))
    }

    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try base.decodeIfPresent(type, forKey: name(key))
    }

    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try base.decodeIfPresent(type, forKey: name(key))
    }

    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try base.decodeIfPresent(type, forKey: name(key))
    }

    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try base.decodeIfPresent(type, forKey: name(key))
    }

    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try base.decodeIfPresent(type, forKey: name(key))
    }

    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try base.decodeIfPresent(type, forKey: name(key))
    }

    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try base.decodeIfPresent(type, forKey: name(key))
    }

    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try base.decodeIfPresent(type, forKey: name(key))
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try base.decode(type, forKey: name(key)) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? {
        try base.decodeIfPresent(type, forKey: name(key))
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try base.decode(type, forKey: name(key)) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? {
        try base.decodeIfPresent(type, forKey: name(key))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if key.stringValue == ObservationKeys.registrarKey, let registrar = ObservationKeys.freshRegistrar(type) {
            return registrar
        }
        return try base.decode(type, forKey: name(key))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        if key.stringValue == ObservationKeys.registrarKey, let registrar = ObservationKeys.freshRegistrar(type) {
            return registrar
        }
        return try base.decodeIfPresent(type, forKey: name(key))
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try base.nestedContainer(keyedBy: type, forKey: name(key))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try base.nestedUnkeyedContainer(forKey: name(key))
    }

    func superDecoder() throws -> any Decoder { try base.superDecoder() }

    func superDecoder(forKey key: Key) throws -> any Decoder { try base.superDecoder(forKey: name(key)) }
}
