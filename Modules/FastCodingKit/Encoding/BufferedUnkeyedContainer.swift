/// The unkeyed container of a ``BufferedEncoder``.
struct BufferedUnkeyedContainer: UnkeyedEncodingContainer {
    let node: BufferedNode
    let encoder: BufferedEncoder
    let codingPath: [any CodingKey]

    var count: Int { node.entries.count }

    mutating func encodeNil() throws { node.append(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws { node.append(.value(value)) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { node.append(.value(value)) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { node.append(.value(value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let path = codingPath + [ArchiveCodingKey(index: count)]
        return KeyedEncodingContainer(
            BufferedKeyedContainer<NestedKey>(node: appendNode(.keyed), encoder: encoder, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = codingPath + [ArchiveCodingKey(index: count)]
        return BufferedUnkeyedContainer(node: appendNode(.unkeyed), encoder: encoder, codingPath: path)
    }

    /// An encoder for the next element.
    mutating func superEncoder() -> any Encoder {
        let path = codingPath + [ArchiveCodingKey(index: count)]
        return BufferedEncoder(node: appendNode(.none), state: encoder.state, codingPath: path)
    }

    private func appendNode(_ kind: BufferedNode.Kind) -> BufferedNode {
        let made = BufferedNode()
        if kind != .none { _ = made.become(kind) }
        node.append(.node(made))
        return made
    }
}
