import Foundation

/// Reads an archived object's properties, or an `NSDictionary`'s entries, by key.
struct KeyedObjectKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: KeyedContainerFields

    private var state: KeyedDecodingState { fields.state }
    var codingPath: [any CodingKey] { fields.codingPath }

    var allKeys: [Key] {
        (0..<fields.count).compactMap { entry in
            let name = fields.key(entry)
            return isClassKey(name) ? nil : Key(stringValue: name)
        }
    }

    func contains(_ key: Key) -> Bool {
        let name = key.stringValue
        if !isClassKey(name), (0..<fields.count).contains(where: { fields.key($0) == name }) { return true }
        return fields.formerValue(of: name) != nil
    }

    /// Whether `name` is an archived object's `$class` key, which is not a property.
    private func isClassKey(_ name: String) -> Bool {
        !fields.isDictionary && name == "$class"
    }

    /// The document index of the value under `name`, or under the first of its former names
    /// that the object holds; `nil` when it holds none.
    @inline(__always)
    private func lookUp(_ name: String) -> Int? {
        if let found = fields.position(of: name) { return fields.value(found) }
        return fields.formerValue(of: name)
    }

    private func keyNotFound(_ key: some CodingKey) -> DecodingError {
        DecodingError.keyNotFound(
            key,
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "no value for '\(key.stringValue)' at \(KeyedDecodingState.describe(codingPath))"))
    }

    /// The value of a key the object lacks: its default, or `keyNotFound`.
    @inline(never)
    private func missing<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        guard let value = try state.defaultValue(for: fields.decodedType, missing: key, codingPath: codingPath) else {
            throw keyNotFound(key)
        }
        return try value.decode(T.self, codingPath: codingPath + [key], userInfo: state.userInfo)
    }

    /// A decoder of a key the object lacks, reading its default; without one, an
    /// ``AbsentValueDecoder`` when `orAbsent`, or `keyNotFound`.
    @inline(never)
    private func missingDecoder(_ key: some CodingKey, orAbsent: Bool = false) throws -> any Decoder {
        guard let value = try state.defaultValue(for: fields.decodedType, missing: key, codingPath: codingPath) else {
            if orAbsent { return AbsentValueDecoder(state: state, codingPath: codingPath + [key]) }
            throw keyNotFound(key)
        }
        return value.decoder(codingPath: codingPath + [key], userInfo: state.userInfo)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let index = lookUp(key.stringValue) else { throw keyNotFound(key) }
        return try state.isNil(at: index, codingPath: codingPath + [key])
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        guard let index = lookUp(key.stringValue) else { return try missing(type, key) }
        return try state.bool(at: index, codingPath: codingPath + [key])
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        guard let index = lookUp(key.stringValue) else { return try missing(type, key) }
        return try state.string(at: index, codingPath: codingPath + [key])
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        guard let index = lookUp(key.stringValue) else { return try missing(type, key) }
        return try state.double(at: index, codingPath: codingPath + [key])
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        guard let index = lookUp(key.stringValue) else { return try missing(type, key) }
        return try state.float(at: index, codingPath: codingPath + [key])
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try integer(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try integer(key) }

    @inline(__always)
    private func integer<T: FixedWidthInteger & Decodable>(_ key: Key) throws -> T {
        guard let index = lookUp(key.stringValue) else { return try missing(T.self, key) }
        // The common case without building a coding path.
        if case .integer(let value, _) = state.objects[index], let result = T(exactly: value) { return result }
        return try state.integer(T.self, at: index, codingPath: codingPath + [key])
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let index = lookUp(key.stringValue) else { return try missing(type, key) }
        return try state.decode(T.self, at: index, codingPath: codingPath + [key])
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let index = try presentValue(key) else { return nil }
        return try state.decode(T.self, at: index, codingPath: codingPath + [key])
    }

    /// The position of the value under `key` (or a former name of it), or `nil` when it is absent
    /// or nil: a missing key is `nil`, never its default.
    @inline(__always)
    private func presentValue(_ key: Key) throws -> Int? {
        guard let index = lookUp(key.stringValue) else { return nil }
        return try state.isNil(at: index, codingPath: codingPath + [key]) ? nil : index
    }

    // The protocol's own `decodeIfPresent` for these types scans every key (`contains`) before
    // decoding; these look the key up once, where it is usually the next one.
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let index = try presentValue(key) else { return nil }
        return try state.string(at: index, codingPath: codingPath + [key])
    }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let index = try presentValue(key) else { return nil }
        return try state.bool(at: index, codingPath: codingPath + [key])
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard let index = try presentValue(key) else { return nil }
        return try state.double(at: index, codingPath: codingPath + [key])
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        guard let index = try presentValue(key) else { return nil }
        return try state.float(at: index, codingPath: codingPath + [key])
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try presentInteger(key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try presentInteger(key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try presentInteger(key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try presentInteger(key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try presentInteger(key) }
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try presentInteger(key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try presentInteger(key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try presentInteger(key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try presentInteger(key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try presentInteger(key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try presentInteger(key) }
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? { try presentInteger(key) }

    private func presentInteger<T: FixedWidthInteger>(_ key: Key) throws -> T? {
        guard let index = try presentValue(key) else { return nil }
        return try state.integer(T.self, at: index, codingPath: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        guard let index = lookUp(key.stringValue) else { return try missingDecoder(key).container(keyedBy: type) }
        return try KeyedValueDecoder(state: state, index: index, codingPath: codingPath + [key]).container(
            keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        guard let index = lookUp(key.stringValue) else { return try missingDecoder(key).unkeyedContainer() }
        return try KeyedValueDecoder(state: state, index: index, codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        try decoder(forKey: ArchiveCodingKey(stringValue: "super"))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try decoder(forKey: key)
    }

    /// The decoder of `key`'s value; for a key the object lacks, its default or, as with
    /// Foundation's decoders, a decoder that reads null and whose containers find nothing.
    private func decoder(forKey key: some CodingKey) throws -> any Decoder {
        guard let index = lookUp(key.stringValue) else { return try missingDecoder(key, orAbsent: true) }
        return KeyedValueDecoder(state: state, index: index, codingPath: codingPath + [key])
    }
}
