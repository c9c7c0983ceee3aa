import Foundation

/// What the copies of one ``KeychainStore`` value share: the keys last derived from the
/// passphrase (scrypt is slow by design, so it runs once per salt), and a count of file writes.
final class KeychainStoreState: @unchecked Sendable {
    private let lock = NSLock()
    private var derived: (protection: KeychainFile.Protection, keys: KeychainKeys)?  // guarded by `lock`
    private var writes = 0  // guarded by `lock`

    /// How many times this store has replaced its file.
    var writeCount: Int { lock.withLock { writes } }

    func recordWrite() {
        lock.withLock { writes += 1 }
    }

    /// The cached keys for `protection`, or the result of `derive` (then cached).
    func keys(for protection: KeychainFile.Protection, derive: () throws -> KeychainKeys) throws -> KeychainKeys {
        if let cached = lock.withLock({ derived }), cached.protection == protection { return cached.keys }
        let keys = try derive()
        lock.withLock { derived = (protection, keys) }
        return keys
    }
}
