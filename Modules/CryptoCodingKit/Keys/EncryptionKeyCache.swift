import CLibCrypto
import Foundation

/// A process cache of derived keys, so that saving the same model again does not re-run scrypt.
///
/// Each entry belongs to one (password, ``KeyDerivation``) pair and holds one salt and the key
/// derived from it. Writes through a cache reuse that salt and key (every write still draws a
/// fresh random nonce); reads whose header carries the cached salt skip the KDF, and a read that
/// authenticates with another salt replaces the entry. ``removeAll()`` forgets every key, so the
/// next write derives a new key with a new salt; a format without a cache does so on every write.
///
/// The cache holds no plain passwords. Entries are found by an HMAC-SHA256 of the password under
/// a random key made for this cache: it cannot be compared across processes or looked up in a
/// precomputed table, but whoever can read this process's memory can test password guesses
/// against it quickly. That is no worse than the derived keys themselves, and than the
/// passwords the callers hold anyway, but it is why the cache is per process and never persisted.
/// Key bytes are zeroed when an entry is dropped.
public final class EncryptionKeyCache: @unchecked Sendable {
    /// The cache formats use unless told otherwise.
    public static let shared = EncryptionKeyCache()

    /// The salt and derived key of one (password, KDF parameters) pair.
    struct Entry: Sendable {
        var salt: [UInt8]
        var key: SecretBytes
    }

    private struct EntryKey: Hashable {
        var passwordMAC: [UInt8]
        var derivation: KeyDerivation
    }

    /// Most entries kept; the oldest goes first.
    public let capacity: Int
    private let macKey: SecretBytes?
    private let lock = NSLock()
    // Guarded by `lock`; `order` lists the keys of `entries`, oldest first.
    private var entries: [EntryKey: Entry] = [:]
    private var order: [EntryKey] = []

    /// Creates an empty cache holding at most `capacity` keys (at least 1).
    public init(capacity: Int = 16) {
        self.capacity = max(1, capacity)
        macKey = try? SecretBytes.random(count: 32)
    }

    /// The number of keys held.
    public var count: Int { lock.withLock { entries.count } }

    /// Forgets every key (their bytes are zeroed); the next write derives a new key with a new salt.
    public func removeAll() {
        lock.withLock {
            entries.removeAll()
            order.removeAll()
        }
    }

    /// The entry for `password` and `derivation`, if any.
    func entry(password: UnsafeRawBufferPointer, derivation: KeyDerivation) -> Entry? {
        guard let key = entryKey(password: password, derivation: derivation) else { return nil }
        return lock.withLock { entries[key] }
    }

    /// Stores `entry` for `password` and `derivation`, replacing an older one.
    func store(_ entry: Entry, password: UnsafeRawBufferPointer, derivation: KeyDerivation) {
        guard let key = entryKey(password: password, derivation: derivation) else { return }
        lock.withLock {
            if entries.updateValue(entry, forKey: key) != nil {
                order.removeAll { $0 == key }
            }
            order.append(key)
            while order.count > capacity {
                entries[order.removeFirst()] = nil
            }
        }
    }

    /// HMAC-SHA256(cache key, password) with the parameters; `nil` (no caching) if libcrypto fails.
    private func entryKey(password: UnsafeRawBufferPointer, derivation: KeyDerivation) -> EntryKey? {
        guard let macKey else { return nil }
        var mac = [UInt8](repeating: 0, count: 32)
        let status = macKey.withUnsafeBytes { key in
            clibcrypto_hmac_sha256(
                key.baseAddress?.assumingMemoryBound(to: UInt8.self), key.count,
                password.baseAddress?.assumingMemoryBound(to: UInt8.self), password.count, &mac)
        }
        return status == 1 ? EntryKey(passwordMAC: mac, derivation: derivation) : nil
    }
}
