/// Runs a value's `encode(to:)` without writing anything, to learn which container it uses
/// and (for keyed containers) its top-level keys in encode order.
///
/// A class definition must precede the first object of its class, so the encoder asks this
/// once per type (and again when an instance's keys differ from the definition, §10.3).
final class KeyDiscoveryEncoder: Encoder {
    enum Shape: Equatable {
        case none, keyed, unkeyed, single
    }

    var shape = Shape.none
    var keys: [String] = []
    let codingPath: [any CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any]

    init(userInfo: [CodingUserInfoKey: Any]) {
        self.userInfo = userInfo
    }

    static func discover<T: Encodable>(_ value: T, userInfo: [CodingUserInfoKey: Any]) -> (Shape, [String]) {
        let encoder = KeyDiscoveryEncoder(userInfo: userInfo)
        // Errors are ignored here: the real encode that follows reports them.
        try? value.encode(to: encoder)
        return (encoder.shape, encoder.keys)
    }

    func record(_ key: some CodingKey) {
        let name = key.stringValue
        if !keys.contains(where: { UTF8StringKey.haveSameBytes($0, name) }) { keys.append(name) }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if let observed = ObservationKeys.encodingContainer(
            keyedBy: type, { container(keyedBy: ArchiveCodingKey.self) })
        {
            return observed
        }
        if shape == .none { shape = .keyed }
        return KeyedEncodingContainer(Keyed<Key>(encoder: shape == .keyed ? self : nil))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if shape == .none { shape = .unkeyed }
        return Sink()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        if shape == .none { shape = .single }
        return Sink()
    }

    /// Records each key; values are not visited.
    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: KeyDiscoveryEncoder?
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil(forKey key: Key) throws { encoder?.record(key) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { encoder?.record(key) }
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { encoder?.record(key) }
        // Every concrete overload too: their default implementations skip nil without a trace.
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { encoder?.record(key) }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { encoder?.record(key) }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { encoder?.record(key) }
        mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { encoder?.record(key) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { encoder?.record(key) }
        mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { encoder?.record(key) }
        mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { encoder?.record(key) }
        mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { encoder?.record(key) }
        mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { encoder?.record(key) }
        mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { encoder?.record(key) }
        mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { encoder?.record(key) }
        mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { encoder?.record(key) }
        mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { encoder?.record(key) }
        mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { encoder?.record(key) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: Int128, forKey key: Key) throws { encoder?.record(key) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: UInt128, forKey key: Key) throws { encoder?.record(key) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encodeIfPresent(_ value: Int128?, forKey key: Key) throws { encoder?.record(key) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encodeIfPresent(_ value: UInt128?, forKey key: Key) throws { encoder?.record(key) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            encoder?.record(key)
            return KeyedEncodingContainer(Keyed<NestedKey>(encoder: nil))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            encoder?.record(key)
            return Sink()
        }
        mutating func superEncoder() -> any Encoder {
            encoder?.record(ArchiveCodingKey(stringValue: KeyNames.superValue))
            return KeyDiscoveryEncoder(userInfo: [:])
        }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            encoder?.record(key)
            return KeyDiscoveryEncoder(userInfo: [:])
        }
    }

    /// Accepts and forgets everything.
    struct Sink: UnkeyedEncodingContainer, SingleValueEncodingContainer {
        var codingPath: [any CodingKey] { [] }
        var count: Int { 0 }
        mutating func encodeNil() throws {}
        mutating func encode<T: Encodable>(_ value: T) throws {}
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
            NestedKey
        > {
            KeyedEncodingContainer(Keyed<NestedKey>(encoder: nil))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { Sink() }
        mutating func superEncoder() -> any Encoder { KeyDiscoveryEncoder(userInfo: [:]) }
    }
}
