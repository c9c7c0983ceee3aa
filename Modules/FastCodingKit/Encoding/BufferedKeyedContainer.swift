/// The keyed container of a ``BufferedEncoder``: the last value written under a key wins, nested
/// containers of one key share one node, and a nil optional is kept as Nil (as the streaming
/// encoder writes it, so every instance of a type lists the same keys).
struct BufferedKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: BufferedNode
    let encoder: BufferedEncoder
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.set(.null, for: key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { node.set(.value(value), for: key) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws { node.set(.value(value), for: key) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws { node.set(.value(value), for: key) }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { set(value, key) }
    // Every concrete overload too: their default implementations skip nil.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { set(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { set(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { set(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { set(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { set(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { set(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { set(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { set(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { set(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { set(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { set(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { set(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { set(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { set(value, key) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encodeIfPresent(_ value: Int128?, forKey key: Key) throws { set(value, key) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encodeIfPresent(_ value: UInt128?, forKey key: Key) throws { set(value, key) }

    private func set<T: Encodable>(_ value: T?, _ key: Key) {
        node.set(value.map { .value($0) } ?? .null, for: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(
            BufferedKeyedContainer<NestedKey>(
                node: nested(key, as: .keyed), encoder: encoder, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        BufferedUnkeyedContainer(node: nested(key, as: .unkeyed), encoder: encoder, codingPath: codingPath + [key])
    }

    /// The node of a nested container of `key`: the one already there, a value already there
    /// converted (a dictionary for a keyed container, a list for an unkeyed one), or a new one.
    private func nested(_ key: Key, as kind: BufferedNode.Kind) -> BufferedNode {
        let path = codingPath + [key]
        switch node.entry(named: key.stringValue) {
        case .node(let existing)?:
            return encoder.prepare(existing, as: kind, at: path)
        case .value(let value)?:
            guard let converted = encoder.convert(value, to: kind, at: path) else {
                encoder.refuse(
                    "a nested \(kind == .keyed ? "keyed" : "unkeyed") container was asked for a key that already "
                        + "holds a value that is no \(kind == .keyed ? "dictionary" : "list")",
                    at: path)
                return BufferedNode()
            }
            node.set(.node(converted), for: key)
            return converted
        case .null?, nil:
            let made = BufferedNode()
            _ = made.become(kind)
            node.set(.node(made), for: key)
            return made
        }
    }

    /// An encoder for the value of `super` (the key Foundation's encoders use).
    mutating func superEncoder() -> any Encoder {
        superEncoder(for: ArchiveCodingKey(stringValue: KeyNames.superValue))
    }

    /// An encoder for the value of `key`: what it writes replaces what `key` held.
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(for: key) }

    private func superEncoder(for key: any CodingKey) -> any Encoder {
        let made = BufferedNode()
        node.set(.node(made), for: key)
        return BufferedEncoder(node: made, state: encoder.state, codingPath: codingPath + [key])
    }
}
