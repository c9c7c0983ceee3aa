import CLibCrypto

extension KeyDerivation {
    /// Length of the derived key: AES-256.
    static let keyLength = Int(CLIBCRYPTO_AES256GCM_KEY_LENGTH)

    /// Runs the KDF over `password` and `salt` into a fresh 32-byte key.
    ///
    /// Callers check the parameters against ``KeyDerivationLimits`` first.
    func deriveKey(password: UnsafeRawBufferPointer, salt: [UInt8]) throws -> SecretBytes {
        try SecretBytes(count: Self.keyLength) { key in
            guard let output = key.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
                throw CryptoCodingError.cryptographyFailed(operation: "allocating the key")
            }
            let passwordPointer = password.baseAddress?.assumingMemoryBound(to: CChar.self)
            let status: Int32
            switch self {
            case let .scrypt(log2N, r, p):
                // libcrypto refuses to use more than `max_memory`; allow what was checked, plus slack
                // for scrypt's p · 128 · r working blocks.
                let memory = memoryBytes &+ UInt64(p) &* 128 &* UInt64(r) &+ (1 << 20)
                status = clibcrypto_scrypt(
                    passwordPointer, password.count, salt, salt.count,
                    UInt64(1) << log2N, UInt64(r), UInt64(p), memory, output, Self.keyLength)
            case let .pbkdf2SHA256(iterations):
                status = clibcrypto_pbkdf2(
                    passwordPointer, password.count, salt, salt.count, iterations, EVP_sha256(), output, Self.keyLength)
            }
            guard status == 1 else {
                throw CryptoCodingError.cryptographyFailed(operation: "deriving the key with \(self)")
            }
        }
    }
}
