import Foundation

/// A place that keeps small secrets (passwords, tokens, keys) as `Data` by string key.
///
/// `KeychainStore` implements it with an encrypted file; BaseModelKit's keychain storage
/// saves one item per model property through it. Every operation may throw, because real
/// stores read and write files that can be missing, locked or tampered with.
public protocol SecretStore: Sendable {
    /// The data stored under `key`, or `nil` when there is none.
    func data(forKey key: String) throws -> Data?

    /// Stores `data` under `key`, replacing what was there.
    func setData(_ data: Data, forKey key: String) throws

    /// Removes the item stored under `key`; removing a missing key succeeds.
    func removeData(forKey key: String) throws

    /// Every key that currently has an item, sorted.
    func allKeys() throws -> [String]

    /// Removes every item. Stores that keep all items in one file implement it as one write;
    /// the default removes the keys one by one.
    func removeAll() throws

    /// The data stored under `key`; when there is none, stores what `makeData` returns, and
    /// returns that: "create if absent", as one step for every thread and process sharing the
    /// store.
    ///
    /// `makeData` runs at most once, only when `key` has no item, with the store locked, so
    /// callers racing to create the same secret (a generated password, a key) all end up with
    /// the one that was stored. When `makeData` throws, nothing is stored and its error is
    /// rethrown. It must not use the store itself: the store is locked while it runs.
    func data(forKey key: String, storingIfAbsent makeData: () throws -> Data) throws -> Data
}

extension SecretStore {
    /// The UTF-8 text stored under `key`, or `nil` when there is none.
    ///
    /// - Throws: ``SecretStoreError/notText(key:)`` when the item is not valid UTF-8.
    public func string(forKey key: String) throws -> String? {
        guard let data = try data(forKey: key) else { return nil }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SecretStoreError.notText(key: key)
        }
        return text
    }

    /// The UTF-8 text stored under `key`; when there is none, stores what `makeString` returns,
    /// as one step (see ``data(forKey:storingIfAbsent:)``).
    ///
    /// - Throws: ``SecretStoreError/notText(key:)`` when the stored item is not valid UTF-8.
    public func string(forKey key: String, storingIfAbsent makeString: () throws -> String) throws -> String {
        let data = try data(forKey: key) { Data(try makeString().utf8) }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SecretStoreError.notText(key: key)
        }
        return text
    }

    /// Stores `string` as UTF-8 under `key`.
    public func setString(_ string: String, forKey key: String) throws {
        try setData(Data(string.utf8), forKey: key)
    }

    /// Whether an item is stored under `key`.
    public func contains(_ key: String) throws -> Bool {
        try data(forKey: key) != nil
    }

    /// Removes every item, one key at a time.
    public func removeAll() throws {
        for key in try allKeys() {
            try removeData(forKey: key)
        }
    }
}

/// Errors of the ``SecretStore`` conveniences.
public enum SecretStoreError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The item under `key` was read as text but is not valid UTF-8.
    case notText(key: String)

    /// What is wrong and what to do about it.
    public var errorDescription: String? {
        switch self {
        case let .notText(key):
            "the secret stored under '\(key)' is not UTF-8 text; read it as data (`data(forKey:)`)"
        }
    }

    public var description: String { errorDescription ?? "" }
}
