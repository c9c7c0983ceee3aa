import Foundation

/// Reads a dictionary of a plain value tree: a key the dictionary lacks is looked up under the
/// former names the decoded type declares, then taken from its defaults (``Evolvable``).
struct PlainKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let entries: [String: Any]
    let codingPath: [any CodingKey]
    let state: PlainDecodingState
    let decodedType: Any.Type?
    let isRoot: Bool

    var allKeys: [Key] { entries.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { entry(key) != nil }

    /// The value of `key`, or of its newest former name the dictionary holds.
    private func entry(_ key: Key) -> Any? {
        let found = entries[key.stringValue] ?? formerEntry(key)
        if isRoot, found != nil { state.readRootKey = true }
        return found
    }

    private func formerEntry(_ key: Key) -> Any? {
        guard let decodedType else { return nil }
        for name in state.lookup.formerKeys(of: decodedType, for: key.stringValue) {
            if let value = entries[name] { return value }
        }
        return nil
    }

    /// The default of a missing `key`, charged to the decode; `nil` when there is none.
    private func defaultValue(_ key: Key) throws -> DefaultValue? {
        let defaults: TypeDefaults?
        if isRoot, let rootDefaults = state.rootDefaults {
            defaults = rootDefaults
        } else if let decodedType {
            defaults = try state.lookup.defaults(for: decodedType, missing: key, codingPath: codingPath)
        } else {
            defaults = nil
        }
        guard let value = defaults?[key.stringValue] else { return nil }
        try state.charge(value, at: codingPath + [key])
        if isRoot { state.defaultedRootKey = true }
        return value
    }

    private func keyNotFound(_ key: Key) -> DecodingError {
        DecodingError.keyNotFound(
            key, DecodingError.Context(codingPath: codingPath, debugDescription: "no value for '\(key.stringValue)'"))
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let value = entry(key) else { throw keyNotFound(key) }
        return value is NSNull
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(type, key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try value(type, key)
    }

    private func value<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        let path = codingPath + [key]
        if let value = entry(key) { return try PlainDecoder.decode(type, from: value, codingPath: path, state: state) }
        guard let value = try defaultValue(key) else { throw keyNotFound(key) }
        return try value.decode(type, codingPath: path, userInfo: state.userInfo)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        let key = ArchiveCodingKey(stringValue: "super")
        let value = entries[key.stringValue] ?? [String: Any]()
        return PlainDecoder(value: value, codingPath: codingPath + [key], state: state, decodedType: nil, isRoot: false)
    }

    /// A decoder of `key`'s value; one reading null when the dictionary has no such key (as
    /// Foundation's decoders do), so its single-value container finds `nil`.
    func superDecoder(forKey key: Key) throws -> any Decoder {
        let path = codingPath + [key]
        guard let value = entry(key) else {
            return PlainDecoder(value: NSNull(), codingPath: path, state: state, decodedType: nil, isRoot: false)
        }
        return PlainDecoder(value: value, codingPath: path, state: state, decodedType: nil, isRoot: false)
    }

    /// A decoder of `key`'s value, its default's when the dictionary lacks it.
    private func decoder(_ key: Key) throws -> any Decoder {
        let path = codingPath + [key]
        if let value = entry(key) {
            return PlainDecoder(value: value, codingPath: path, state: state, decodedType: nil, isRoot: false)
        }
        guard let value = try defaultValue(key) else { throw keyNotFound(key) }
        return value.decoder(codingPath: path, userInfo: state.userInfo)
    }
}
