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

    /// Positions the frame for `key`'s value; `nil` when nothing is to be written now (the
    /// value is written again, buffered).
    ///
    /// Only the innermost frame may be written to. The cached container writes the current
    /// frame, which an open nested container turns into ``FastEncodingContext/FrameKind/objectBelowNested``;
    /// any other container is checked to be the innermost.
    @inline(__always)
    private func begin(_ key: Key) throws -> Entry? {
        let frame: Int
        if frameIndex < 0 {
            frame = context.currentFrame
            guard frame >= 0 && frame < context.frames.count else { return try outOfTurn(frame) }
        } else {
            frame = frameIndex
            guard frame >= 0 && frame &+ 1 == context.frames.count else { return try outOfTurn(frame) }
        }
        switch context.frames[frame].kind {
        case .object:
            try context.position(frame, at: key)
            return Entry(frame: frame, isDictionary: false)
        case .dictionary:
            if context.frames[frame].hint != .dictionary, !context.noteNestedKey(key.stringValue, in: frame) {
                context.requestRestart(frame)
                return nil
            }
            return Entry(frame: frame, isDictionary: true)
        default:
            return try outOfTurn(frame)
        }
    }

    /// For a container used out of turn (see ``begin(_:)``), or whose value cannot take a keyed
    /// value: the value is written again buffered (nothing now); once the value is finished,
    /// the use throws.
    @inline(never)
    private func outOfTurn(_ frame: Int) throws -> Entry? {
        guard frame >= 0 && frame < context.frames.count else {
            throw context.invalid((), "a keyed container was used after its value was finished")
        }
        if context.frames[frame].kind != .broken { context.requestRestart(frame) }
        return nil
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

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws { try integer(value, key) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws { try integer(value, key) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encodeIfPresent(_ value: Int128?, forKey key: Key) throws { try integer(value, key) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encodeIfPresent(_ value: UInt128?, forKey key: Key) throws { try integer(value, key) }

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

    /// Starts a MutableDictionary/MutableArray chunk as the value of `key`; `nil` when nothing may
    /// be written now (the caller hands out a container that discards): the value is written
    /// again buffered when the container is not an object's, or not the innermost.
    private func nested(_ key: Key, keyed: Bool) -> Int? {
        let frame = self.frame
        guard frame >= 0 && frame < context.frames.count else {
            context.fail("a keyed container was used after its value was finished")
            return nil
        }
        guard frame == context.frames.count - 1, context.frames[frame].kind == .object else {
            context.requestRestart(frame)
            return nil
        }
        do {
            try context.position(frame, at: key)
        } catch {
            // The restart waits in `pendingRestart`.
            return nil
        }
        context.frames[frame].kind = .objectBelowNested
        // The key stays until the object's value is finished (its frames are dropped then).
        context.explicitKeys.append(key)
        return context.pushNested(
            link: .explicit(parent: frame, keyIndex: context.explicitKeys.count - 1), keyed: keyed)
    }

    /// A super encoder is written buffered (its value is a dictionary under `super`).
    mutating func superEncoder() -> any Encoder { restartForSuperEncoder() }

    /// A super encoder is written buffered (its value is a dictionary under `key`).
    mutating func superEncoder(forKey key: Key) -> any Encoder { restartForSuperEncoder() }

    private func restartForSuperEncoder() -> any Encoder {
        let frame = self.frame
        if frame >= 0 && frame < context.frames.count {
            context.requestRestart(frame)
        } else {
            context.fail("a keyed container was used after its value was finished")
        }
        return KeyDiscoveryEncoder(userInfo: [:])
    }
}
