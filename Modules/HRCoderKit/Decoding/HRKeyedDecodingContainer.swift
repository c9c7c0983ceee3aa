import Foundation

/// Reads a dictionary for an `init(from:)`.
///
/// A key the dictionary lacks is looked up under the former names the decoded type declares,
/// then taken from its defaults (CodingCore's `Evolvable`, see `HRDecodingState+Evolution`):
/// work done only for absent keys, off the path of the keys a document holds.
struct HRKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: HRDecoderImplementation
    let entries: [String: HRValue]
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] {
        entries.keys.compactMap { $0 == HRValue.classKey ? nil : Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool { entries[key.stringValue] != nil || formerEntry(key) != nil }

    private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

    func decodeNil(forKey key: Key) throws -> Bool {
        if let node = entries[key.stringValue] { return HRDecoding.isNull(node) }
        guard let former = formerEntry(key) else { throw keyNotFound(key) }
        return HRDecoding.isNull(former.node)
    }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        guard let node = entries[key.stringValue] else { return try absent(type, key) }
        return try HRDecoding.bool(node, decoder.state, path(key))
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        guard let node = entries[key.stringValue] else { return try absent(type, key) }
        return try HRDecoding.string(node, decoder.state, path(key))
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        guard let node = entries[key.stringValue] else { return try absent(type, key) }
        return try HRDecoding.double(node, decoder.state, path(key))
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        guard let node = entries[key.stringValue] else { return try absent(type, key) }
        return try HRDecoding.float(node, decoder.state, path(key))
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        guard let node = entries[key.stringValue] else { return try absent(type, key) }
        return try HRDecoding.integer(type, node, decoder.state, path(key))
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        guard let node = entries[key.stringValue] else { return try absent(type, key) }
        return try HRDecoding.integer(type, node, decoder.state, path(key))
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        guard let node = entries[key.stringValue] else { return try absent(type, key) }
        return try HRDecoding.integer(type, node, decoder.state, path(key))
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        guard let node = entries[key.stringValue] else { return try absent(type, key) }
        return try HRDecoding.integer(type, node, decoder.state, path(key))
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        guard let node = entries[key.stringValue] else { return try absent(type, key) }
        return try HRDecoding.integer(type, node, decoder.state, path(key))
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        guard let node = entries[key.stringValue] else { return try absent(type, key) }
        return try HRDecoding.integer(type, node, decoder.state, path(key))
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        guard let node = entries[key.stringValue] else { return try absent(type, key) }
        return try HRDecoding.integer(type, node, decoder.state, path(key))
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        guard let node = entries[key.stringValue] else { return try absent(type, key) }
        return try HRDecoding.integer(type, node, decoder.state, path(key))
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        guard let node = entries[key.stringValue] else { return try absent(type, key) }
        return try HRDecoding.integer(type, node, decoder.state, path(key))
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        guard let node = entries[key.stringValue] else { return try absent(type, key) }
        return try HRDecoding.integer(type, node, decoder.state, path(key))
    }
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 {
        guard let node = entries[key.stringValue] else { return try absent(type, key) }
        return try HRDecoding.integer(type, node, decoder.state, path(key))
    }
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 {
        guard let node = entries[key.stringValue] else { return try absent(type, key) }
        return try HRDecoding.integer(type, node, decoder.state, path(key))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let node = entries[key.stringValue] else { return try absent(type, key) }
        return try decoder.state.unbox(node, as: type, at: path(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        guard let node = entries[key.stringValue] else { return try absentDecoder(key).container(keyedBy: type) }
        return try HRDecoderImplementation(node: node, codingPath: path(key), state: decoder.state).container(
            keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        guard let node = entries[key.stringValue] else { return try absentDecoder(key).unkeyedContainer() }
        return try HRDecoderImplementation(node: node, codingPath: path(key), state: decoder.state).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        try superDecoder(ArchiveCodingKey(stringValue: "super"))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try superDecoder(key)
    }

    /// The decoder of a superclass's values: an absent key without a former name or a default
    /// reads as null, and its containers as empty, as Foundation's do.
    private func superDecoder(_ key: some CodingKey) throws -> any Decoder {
        let codingPath = codingPath + [key]
        if let node = entries[key.stringValue] {
            return HRDecoderImplementation(node: node, codingPath: codingPath, state: decoder.state)
        }
        if let (node, formerPath) = formerEntry(key) {
            return HRDecoderImplementation(node: node, codingPath: formerPath, state: decoder.state)
        }
        if let value = try decoder.state.defaultValue(for: key, in: decoder) {
            return value.decoder(codingPath: codingPath, userInfo: decoder.userInfo)
        }
        return HRDecoderImplementation(absentAt: codingPath, state: decoder.state)
    }

    // MARK: Absent keys

    /// The value of a key the dictionary lacks: its node under a former name, else its default.
    ///
    /// - Throws: `keyNotFound` when the key has neither.
    @inline(never)
    private func absent<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        if let (node, formerPath) = formerEntry(key) { return try decoder.state.unbox(node, as: type, at: formerPath) }
        guard let value = try decoder.state.defaultValue(for: key, in: decoder) else { throw keyNotFound(key) }
        return try value.decode(type, codingPath: path(key), userInfo: decoder.userInfo)
    }

    /// A decoder for the nested container of a key the dictionary lacks, as `absent` finds it.
    @inline(never)
    private func absentDecoder(_ key: Key) throws -> any Decoder {
        if let (node, formerPath) = formerEntry(key) {
            return HRDecoderImplementation(node: node, codingPath: formerPath, state: decoder.state)
        }
        guard let value = try decoder.state.defaultValue(for: key, in: decoder) else { throw keyNotFound(key) }
        return value.decoder(codingPath: path(key), userInfo: decoder.userInfo)
    }

    /// The node of `key` under the first of its former names the dictionary holds, with its
    /// coding path (the current key, which remembers the stored name for key paths).
    @inline(never)
    private func formerEntry(_ key: some CodingKey) -> (node: HRValue, path: [any CodingKey])? {
        for name in decoder.state.formerKeys(of: decoder.decodedType, for: key.stringValue) {
            if let node = entries[name] { return (node, codingPath + [HRFormerNameKey(key, storedAs: name)]) }
        }
        return nil
    }

    private func keyNotFound(_ key: Key) -> DecodingError {
        DecodingError.keyNotFound(
            key,
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "no value for '\(key.stringValue)' at \(HRKeyPath.place(codingPath))"))
    }
}
