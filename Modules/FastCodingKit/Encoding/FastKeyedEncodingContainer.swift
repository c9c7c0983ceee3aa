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

    /// Where the value of one key goes.
    private struct Entry {
        let frame: Int
        let isDictionary: Bool
    }

    /// Positions the frame for `key`'s value; `nil` when nothing is to be written now.
    @inline(__always)
    private func begin(_ key: Key) throws -> Entry? {
        let frame = self.frame
        guard frame >= 0 && frame < context.frames.count else {
            throw context.invalid((), "a keyed container was used after its value was finished")
        }
        switch context.frames[frame].kind {
        case .object:
            return try context.position(frame, at: key) ? Entry(frame: frame, isDictionary: false) : nil
        case .dictionary:
            return Entry(frame: frame, isDictionary: true)
        default:
            return nil
        }
    }

    /// Finishes a value written for `entry` (dictionary chunks store the key after the value).
    @inline(__always)
    private func end(_ entry: Entry, _ key: Key) throws {
        if entry.isDictionary { try finishDictionaryEntry(key, entry.frame) }
    }

    private func finishDictionaryEntry(_ key: Key, _ frame: Int) throws {
        if let index = key.intValue, key.stringValue == String(index) {
            IntegerChunk.write(Int64(index), to: context.output)
        } else {
            try context.writeString(key.stringValue)
        }
        context.countElement(frame)
    }

    mutating func encodeNil(forKey key: Key) throws {
        guard let entry = try begin(key) else { return }
        context.writeNil()
        try end(entry, key)
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        guard let entry = try begin(key) else { return }
        context.writeBool(value)
        try end(entry, key)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        guard let entry = try begin(key) else { return }
        do {
            try context.writeString(value)
        } catch {
            throw context.naming(key, of: entry.frame, in: error)
        }
        try end(entry, key)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        guard let entry = try begin(key) else { return }
        context.writeDouble(value)
        try end(entry, key)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        guard let entry = try begin(key) else { return }
        context.writeFloat(value)
        try end(entry, key)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        guard let entry = try begin(key) else { return }
        let isLeaf: Bool
        do {
            isLeaf = try context.encodeLeaf(value)
        } catch {
            throw context.naming(key, of: entry.frame, in: error)
        }
        if !isLeaf {
            if entry.isDictionary {
                // A dictionary entry's key is kept for coding paths while its value is written.
                let mark = context.explicitKeys.count
                context.explicitKeys.append(key)
                defer { context.dropExplicitKeys(above: mark) }
                try context.encodeNonLeaf(value, link: .explicit(parent: entry.frame, keyIndex: mark))
            } else {
                try context.encodeNonLeaf(value, link: .position(parent: entry.frame))
            }
        }
        try end(entry, key)
    }

    // Nil optionals are written as Nil (00) so every instance of a type lists the same keys.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        guard let value else { return try encodeNil(forKey: key) }
        try encode(value, forKey: key)
    }

    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        guard let value else { return try encodeNil(forKey: key) }
        try encode(value, forKey: key)
    }

    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        guard let value else { return try encodeNil(forKey: key) }
        try encode(value, forKey: key)
    }

    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        guard let value else { return try encodeNil(forKey: key) }
        try encode(value, forKey: key)
    }

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
        guard let value else { return try encodeNil(forKey: key) }
        try encode(value, forKey: key)
    }

    @inline(__always)
    private func integer<T: BinaryInteger>(_ value: T?, _ key: Key) throws {
        guard let entry = try begin(key) else { return }
        do {
            if let value { try context.writeInteger(value) } else { context.writeNil() }
        } catch {
            throw context.naming(key, of: entry.frame, in: error)
        }
        try end(entry, key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        guard let index = nested(key, keyed: true) else {
            return KeyedEncodingContainer(KeyDiscoveryEncoder.Keyed<NestedKey>(encoder: nil))
        }
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
        // The key stays until the object's value is finished (its frames are dropped then).
        context.explicitKeys.append(key)
        return context.pushNested(
            link: .explicit(parent: frame, keyIndex: context.explicitKeys.count - 1), keyed: keyed)
    }

    mutating func superEncoder() -> any Encoder { unsupportedSuperEncoder() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { unsupportedSuperEncoder() }

    private func unsupportedSuperEncoder() -> any Encoder {
        context.fail(
            "superEncoder() is not supported by FastCoding: call super.encode(to: encoder) so a subclass and its superclass write one object"
        )
        return KeyDiscoveryEncoder(userInfo: [:])
    }
}
