/// A keyed encoding container that writes an `@Observable` class's synthesized coding keys
/// under their declared names (see ``ObservationKeys``) to a container of the kit's own.
///
/// Every requirement is forwarded, so the kit's own handling of each call (optionals, nested
/// containers, class identity) is kept; only the key changes, and the registrar is skipped.
struct ObservationKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var base: KeyedEncodingContainer<ArchiveCodingKey>

    var codingPath: [any CodingKey] { base.codingPath }

    /// The key `key` is written under; `nil` for the registrar, which is not written.
    private func name(_ key: Key) -> ArchiveCodingKey? {
        ObservationKeys.archiveName(key.stringValue).map(ArchiveCodingKey.init(stringValue:))
    }

    /// The key of a nested container or encoder: the registrar keeps its own name there.
    private func nestedName(_ key: Key) -> ArchiveCodingKey {
        name(key) ?? ArchiveCodingKey(stringValue: key.stringValue)
    }

    mutating func encodeNil(forKey key: Key) throws {
        if let name = name(key) { try base.encodeNil(forKey: name) }
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        if let name = name(key) { try base.encode(value, forKey: name) }
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        if let name = name(key) { try base.encode(value, forKey: name) }
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        if let name = name(key) { try base.encode(value, forKey: name) }
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        if let name = name(key) { try base.encode(value, forKey: name) }
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        if let name = name(key) { try base.encode(value, forKey: name) }
    }

    mutating func encode(_ value: Int8, forKey key: Key) throws {
        if let name = name(key) { try base.encode(value, forKey: name) }
    }

    mutating func encode(_ value: Int16, forKey key: Key) throws {
        if let name = name(key) { try base.encode(value, forKey: name) }
    }

    mutating func encode(_ value: Int32, forKey key: Key) throws {
        if let name = name(key) { try base.encode(value, forKey: name) }
    }

    mutating func encode(_ value: Int64, forKey key: Key) throws {
        if let name = name(key) { try base.encode(value, forKey: name) }
    }

    mutating func encode(_ value: UInt, forKey key: Key) throws {
        if let name = name(key) { try base.encode(value, forKey: name) }
    }

    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        if let name = name(key) { try base.encode(value, forKey: name) }
    }

    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        if let name = name(key) { try base.encode(value, forKey: name) }
    }

    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        if let name = name(key) { try base.encode(value, forKey: name) }
    }

    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        if let name = name(key) { try base.encode(value, forKey: name) }
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let name = name(key) { try base.encodeIfPresent(value, forKey: name) }
    }

    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let name = name(key) { try base.encodeIfPresent(value, forKey: name) }
    }

    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let name = name(key) { try base.encodeIfPresent(value, forKey: name) }
    }

    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        if let name = name(key) { try base.encodeIfPresent(value, forKey: name) }
    }

    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let name = name(key) { try base.encodeIfPresent(value, forKey: name) }
    }

    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
        if let name = name(key) { try base.encodeIfPresent(value, forKey: name) }
    }

    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
        if let name = name(key) { try base.encodeIfPresent(value, forKey: name) }
    }

    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
        if let name = name(key) { try base.encodeIfPresent(value, forKey: name) }
    }

    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        if let name = name(key) { try base.encodeIfPresent(value, forKey: name) }
    }

    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
        if let name = name(key) { try base.encodeIfPresent(value, forKey: name) }
    }

    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
        if let name = name(key) { try base.encodeIfPresent(value, forKey: name) }
    }

    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
        if let name = name(key) { try base.encodeIfPresent(value, forKey: name) }
    }

    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
        if let name = name(key) { try base.encodeIfPresent(value, forKey: name) }
    }

    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
        if let name = name(key) { try base.encodeIfPresent(value, forKey: name) }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws {
        if let name = name(key) { try base.encode(value, forKey: name) }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encodeIfPresent(_ value: Int128?, forKey key: Key) throws {
        if let name = name(key) { try base.encodeIfPresent(value, forKey: name) }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws {
        if let name = name(key) { try base.encode(value, forKey: name) }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encodeIfPresent(_ value: UInt128?, forKey key: Key) throws {
        if let name = name(key) { try base.encodeIfPresent(value, forKey: name) }
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if let name = name(key) { try base.encode(value, forKey: name) }
    }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let name = name(key) { try base.encodeIfPresent(value, forKey: name) }
    }

    mutating func encodeConditional<T: AnyObject & Encodable>(_ object: T, forKey key: Key) throws {
        if let name = name(key) { try base.encodeConditional(object, forKey: name) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        base.nestedContainer(keyedBy: keyType, forKey: nestedName(key))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        base.nestedUnkeyedContainer(forKey: nestedName(key))
    }

    mutating func superEncoder() -> any Encoder { base.superEncoder() }

    mutating func superEncoder(forKey key: Key) -> any Encoder { base.superEncoder(forKey: nestedName(key)) }
}
