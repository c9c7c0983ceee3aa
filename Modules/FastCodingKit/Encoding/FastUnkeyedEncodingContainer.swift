/// Writes the elements of an Array / Set / MutableArray chunk, patching its count as it grows.
struct FastUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let context: FastEncodingContext
    let frame: Int

    var codingPath: [any CodingKey] { context.path(through: frame) }
    var count: Int { context.frames.indices.contains(frame) ? Int(context.frames[frame].count) : 0 }

    /// Whether elements may be written now: the list is the innermost frame. A list used out of
    /// turn is written again buffered; one used after its value was finished throws.
    @inline(__always)
    private func isWritable() throws -> Bool {
        guard frame >= 0, frame == context.frames.count - 1, context.frames[frame].kind == .list else {
            return try outOfTurn()
        }
        return true
    }

    @inline(never)
    private func outOfTurn() throws -> Bool {
        guard context.frames.indices.contains(frame) else {
            throw context.invalid((), "an unkeyed container was used after its value was finished")
        }
        context.requestRestart(frame)
        return false
    }

    mutating func encodeNil() throws {
        guard try isWritable() else { return }
        context.writeNil()
        context.countElement(frame)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        guard try isWritable() else { return }
        try context.encode(value, link: .position(parent: frame))
        context.countElement(frame)
    }

    mutating func encode(_ value: String) throws {
        guard try isWritable() else { return }
        try context.writeString(value)
        context.countElement(frame)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { try integer(value) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { try integer(value) }

    private func integer<T: BinaryInteger>(_ value: T) throws {
        guard try isWritable() else { return }
        try context.writeInteger(value)
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
        guard (try? isWritable()) == true else { return frame }
        context.countElement(frame)
        return context.pushNested(link: .element(parent: frame, index: count - 1), keyed: keyed)
    }

    /// A super encoder is written buffered (its value is the next element).
    mutating func superEncoder() -> any Encoder {
        if context.frames.indices.contains(frame) { context.requestRestart(frame) }
        return KeyDiscoveryEncoder(userInfo: [:])
    }
}
