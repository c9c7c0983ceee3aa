/// Writes the elements of an Array / Set / MutableArray chunk, patching its count as it grows.
struct FastUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let context: FastEncodingContext
    let frame: Int

    var codingPath: [any CodingKey] { context.path(through: frame) }
    var count: Int { Int(context.frames[frame].count) }

    private var isWritable: Bool { context.frames[frame].kind == .list }

    mutating func encodeNil() throws {
        guard isWritable else { return }
        context.writeNil()
        context.countElement(frame)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        guard isWritable else { return }
        try context.encode(value, link: .position(parent: frame))
        context.countElement(frame)
    }

    mutating func encode(_ value: String) throws {
        guard isWritable else { return }
        try context.writeString(value)
        context.countElement(frame)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        KeyedEncodingContainer(FastKeyedEncodingContainer<NestedKey>(context: context, frame: nested(keyed: true)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        FastUnkeyedEncodingContainer(context: context, frame: nested(keyed: false))
    }

    private func nested(keyed: Bool) -> Int {
        guard isWritable else { return frame }
        context.countElement(frame)
        return context.pushNested(link: .element(parent: frame, index: count - 1), keyed: keyed)
    }

    mutating func superEncoder() -> any Encoder {
        context.fail("superEncoder() is not supported by FastCoding")
        return KeyDiscoveryEncoder(userInfo: [:])
    }
}
