import Foundation

extension KeychainStore {
    /// Stores `value` under `key` the way FXKeychain did: a string as its UTF-8 bytes, anything
    /// else (and a string that itself starts with `bplist`) as a binary property list, with
    /// numbers, strings and dates allowed at the top level.
    public func set(_ value: some Encodable, forKey key: String) throws {
        if let string = value as? String, !string.hasPrefix("bplist") {
            try setString(string, forKey: key)
        } else {
            try setData(Self.binaryPropertyList(of: value), forKey: key)
        }
    }

    /// The value stored under `key` by ``set(_:forKey:)``, or `nil` when there is none.
    ///
    /// - Throws: `DecodingError` when the item holds another type; ``KeychainStoreError``
    ///   when it cannot be read (never `nil` for an item that exists but is damaged).
    public func value<T: Decodable>(_ type: T.Type, forKey key: String) throws -> T? {
        guard let data = try data(forKey: key) else { return nil }
        if data.starts(with: Array("bplist".utf8)) {
            return try Self.decodePropertyList(T.self, from: data)
        }
        if T.self == String.self {
            guard let text = String(data: data, encoding: .utf8) else { throw SecretStoreError.notText(key: key) }
            return text as? T
        }
        throw DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: [], debugDescription: "the item '\(key)' holds text, not a \(T.self) property list"))
    }

    /// The data stored under `key` (FXKeychain's `keychain[key]`); a getter that throws, so a
    /// wrong key or a damaged item is an error and never looks like a missing one.
    public subscript(key: String) -> Data? {
        get throws { try data(forKey: key) }
    }

    // Foundation's property-list coders refuse a bare number or string at the top level, which
    // FXKeychain wrote for such values; going through a one-element array lifts that limit.

    private static func binaryPropertyList(of value: some Encodable) throws -> Data {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let wrapped = try PropertyListSerialization.propertyList(from: encoder.encode([value]), format: nil)
        guard let element = (wrapped as? [Any])?.first else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "the value did not encode to a property list"))
        }
        return try PropertyListSerialization.data(fromPropertyList: element, format: .binary, options: 0)
    }

    private static func decodePropertyList<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let element = try PropertyListSerialization.propertyList(from: data, format: nil)
        let wrapped = try PropertyListSerialization.data(fromPropertyList: [element], format: .binary, options: 0)
        let values = try PropertyListDecoder().decode([T].self, from: wrapped)
        guard let value = values.first else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: [], debugDescription: "empty property list"))
        }
        return value
    }
}
