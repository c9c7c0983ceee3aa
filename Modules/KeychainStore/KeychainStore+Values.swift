import Foundation

extension KeychainStore {
    /// Stores `value` under `key` the way FXKeychain did: a string as its UTF-8 bytes, anything
    /// else (and a string that itself starts with `bplist`) as a binary property list.
    public func set(_ value: some Encodable, forKey key: String) throws {
        if let string = value as? String, !string.hasPrefix("bplist") {
            try setString(string, forKey: key)
        } else {
            let encoder = PropertyListEncoder()
            encoder.outputFormat = .binary
            try setData(encoder.encode(value), forKey: key)
        }
    }

    /// The value stored under `key` by ``set(_:forKey:)``, or `nil` when there is none.
    ///
    /// - Throws: `DecodingError` when the item holds another type; ``KeychainStoreError``
    ///   when it cannot be read (never `nil` for an item that exists but is damaged).
    public func value<T: Decodable>(_ type: T.Type, forKey key: String) throws -> T? {
        guard let data = try data(forKey: key) else { return nil }
        if data.starts(with: Array("bplist".utf8)) {
            return try PropertyListDecoder().decode(T.self, from: data)
        }
        if T.self == String.self {
            guard let text = String(data: data, encoding: .utf8) else { throw SecretStoreError.notText(key: key) }
            return text as? T
        }
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: [], debugDescription: "the item '\(key)' holds text, not a \(T.self) property list"))
    }

    /// The data stored under `key` (FXKeychain's `keychain[key]`); a getter that throws, so a
    /// wrong key or a damaged item is an error and never looks like a missing one.
    public subscript(key: String) -> Data? {
        get throws { try data(forKey: key) }
    }
}
