import Foundation

/// A ``SecretStore`` that keeps its items in memory only, for tests and previews.
///
/// Thread-safe; nothing is written anywhere, and everything is gone with the instance.
public final class InMemorySecretStore: SecretStore, @unchecked Sendable {
    private var items: [String: Data]  // guarded by `lock`
    private let lock = NSLock()

    /// Creates a store holding `items`.
    public init(_ items: [String: Data] = [:]) {
        self.items = items
    }

    public func data(forKey key: String) throws -> Data? {
        lock.withLock { items[key] }
    }

    public func setData(_ data: Data, forKey key: String) throws {
        lock.withLock { items[key] = data }
    }

    public func removeData(forKey key: String) throws {
        _ = lock.withLock { items.removeValue(forKey: key) }
    }

    public func allKeys() throws -> [String] {
        lock.withLock { items.keys.sorted() }
    }

    /// The data under `key`, or what `makeData` returns, stored first; `makeData` runs with the
    /// store locked, so it must not use the store.
    public func data(forKey key: String, storingIfAbsent makeData: () throws -> Data) throws -> Data {
        try lock.withLock {
            if let existing = items[key] { return existing }
            let data = try makeData()
            items[key] = data
            return data
        }
    }

    public func removeAll() throws {
        lock.withLock { items.removeAll() }
    }
}
