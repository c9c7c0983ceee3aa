import CLibCrypto

/// A fixed-size block of secret bytes (a derived key, a cache's HMAC key) in its own allocation,
/// overwritten with zeros when the last reference goes away.
///
/// Swift arrays may be copied or moved by the runtime without notice, so key bytes live in a
/// manually allocated buffer that is never copied, and `deinit` cleanses it.
final class SecretBytes: @unchecked Sendable {
    // Written only by `init`; read-only afterwards, hence safe to share between threads.
    private let storage: UnsafeMutableRawBufferPointer

    /// Allocates `count` bytes and lets `fill` write them; throws what `fill` throws.
    init(count: Int, fill: (UnsafeMutableRawBufferPointer) throws -> Void) rethrows {
        storage = .allocate(byteCount: count, alignment: 16)
        storage.initializeMemory(as: UInt8.self, repeating: 0)
        do {
            try fill(storage)
        } catch {
            Self.release(storage)
            throw error
        }
    }

    /// `count` bytes from libcrypto's CSPRNG.
    static func random(count: Int) throws -> SecretBytes {
        try SecretBytes(count: count) { buffer in
            guard let base = buffer.baseAddress,
                clibcrypto_random_bytes(base.assumingMemoryBound(to: UInt8.self), count) == 1
            else { throw CryptoCodingError.cryptographyFailed(operation: "generating random bytes") }
        }
    }

    var count: Int { storage.count }

    /// Runs `body` with the bytes; the pointer must not escape.
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(storage))
    }

    /// Whether both hold the same bytes (not constant-time: for tests and cache bookkeeping only).
    func hasSameBytes(as other: SecretBytes) -> Bool {
        storage.elementsEqual(other.storage)
    }

    deinit {
        Self.release(storage)
    }

    private static func release(_ storage: UnsafeMutableRawBufferPointer) {
        if let base = storage.baseAddress { clibcrypto_cleanse(base, storage.count) }
        storage.deallocate()
    }
}
