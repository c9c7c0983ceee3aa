/// Writes the properties of a custom object (in its class definition's key order) or the
/// entries of a dictionary chunk (value, then key).
///
/// A container made with `frameIndex` −1 writes to the encoder's current frame, so one
/// instance per key type can be reused for every object (see ``FastEncodingContext``).
struct FastKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let context: FastEncodingContext
    let frameIndex: Int

    init(context: FastEncodingContext, frame: Int) {
        self.context = context
        frameIndex = frame
    }

    private var frame: Int { frameIndex >= 0 ? frameIndex : context.currentFrame }

    var codingPath: [any CodingKey] { context.path(through: frame) }

    @inline(__always)
    private func entry(_ key: Key, _ writeValue: () throws -> Void) throws {
        let frame = self.frame
        guard frame >= 0 && frame < context.frames.count else {
            throw context.invalid((), "a keyed container was used after its value was finished")
        }
        switch context.frames[frame].kind {
        case .object:
            if try context.position(frame, at: key) { try writeValue() }
        case .dictionary:
            try writeValue()
            if let index = key.intValue, key.stringValue == String(index) {
                IntegerChunk.write(Int64(index), to: context.output)
            } else {
                try context.writeString(key.stringValue)
            }
            context.countElement(frame)
        default:
            break
        }
    }

    mutating func encodeNil(forKey key: Key) throws { try entry(key) { context.writeNil() } }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try entry(key) { context.writeBool(value) } }
    mutating func encode(_ value: String, forKey key: Key) throws { try entry(key) { try context.writeString(value) } }
    mutating func encode(_ value: Double, forKey key: Key) throws { try entry(key) { context.writeDouble(value) } }
    mutating func encode(_ value: Float, forKey key: Key) throws { try entry(key) { context.writeFloat(value) } }
    mutating func encode(_ value: Int, forKey key: Key) throws { try entry(key) { try context.writeInteger(value) } }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try entry(key) { try context.writeInteger(value) } }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try entry(key) { try context.writeInteger(value) } }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try entry(key) { try context.writeInteger(value) } }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try entry(key) { try context.writeInteger(value) } }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try entry(key) { try context.writeInteger(value) } }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try entry(key) { try context.writeInteger(value) } }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try entry(key) { try context.writeInteger(value) } }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try entry(key) { try context.writeInteger(value) } }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try entry(key) { try context.writeInteger(value) } }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        // Leaves first: the key is boxed into `any CodingKey` only for a composite value.
        try entry(key) { if try !context.encodeLeaf(value) { try context.encodeNonLeaf(value, key: key) } }
    }

    // Nil optionals are written as Nil (00) so every instance of a type lists the same keys.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try entry(key) { if let value { context.writeBool(value) } else { context.writeNil() } } }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try entry(key) { if let value { try context.writeString(value) } else { context.writeNil() } } }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try entry(key) { if let value { context.writeDouble(value) } else { context.writeNil() } } }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try entry(key) { if let value { context.writeFloat(value) } else { context.writeNil() } } }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try integer(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try integer(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try integer(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try integer(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try integer(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try integer(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try integer(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try integer(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try integer(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try integer(value, key) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        try entry(key) {
            guard let value else { return context.writeNil() }
            if try !context.encodeLeaf(value) { try context.encodeNonLeaf(value, key: key) }
        }
    }

    private func integer<T: BinaryInteger>(_ value: T?, _ key: Key) throws {
        try entry(key) { if let value { try context.writeInteger(value) } else { context.writeNil() } }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        guard let index = nested(key, keyed: true) else { return KeyedEncodingContainer(KeyDiscoveryEncoder.Keyed<NestedKey>(encoder: nil)) }
        return KeyedEncodingContainer(FastKeyedEncodingContainer<NestedKey>(context: context, frame: index))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        guard let index = nested(key, keyed: false) else { return KeyDiscoveryEncoder.Sink() }
        return FastUnkeyedEncodingContainer(context: context, frame: index)
    }

    /// Starts a MutableDictionary/MutableArray chunk as the value of `key` (objects only);
    /// `nil` when nothing may be written now (the caller hands out a container that discards).
    private func nested(_ key: Key, keyed: Bool) -> Int? {
        let frame = self.frame
        guard frame >= 0 && frame < context.frames.count, context.frames[frame].kind == .object else {
            context.fail("nested containers are supported inside objects only (key '\(key.stringValue)')")
            return nil
        }
        do {
            guard try context.position(frame, at: key) else { return nil }
        } catch let mismatch as DefinitionMismatch {
            context.pendingMismatch = mismatch
            return nil
        } catch {
            return nil
        }
        return context.pushNested(key: key, keyed: keyed)
    }

    mutating func superEncoder() -> any Encoder { unsupportedSuperEncoder() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { unsupportedSuperEncoder() }

    private func unsupportedSuperEncoder() -> any Encoder {
        context.fail("superEncoder() is not supported by FastCoding: call super.encode(to: encoder) so a subclass and its superclass write one object")
        return KeyDiscoveryEncoder(userInfo: [:])
    }
}
