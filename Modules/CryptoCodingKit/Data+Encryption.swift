import Foundation

extension Data {
    /// Whether these bytes start like an encrypted envelope (magic `"CCKE"`), whatever inner
    /// format it records: an ``EncryptedFormat`` archive or the result of
    /// ``encrypted(password:keyDerivation:keyCache:)``. A cheap sniff; it does not promise that
    /// decryption succeeds.
    public var isEncryptedEnvelope: Bool {
        withUnsafeBytes { EnvelopeHeader.hasMagic($0) }
    }

    /// These bytes in an encrypted envelope (AES-256-GCM, key from `password`) with no inner
    /// format recorded: the Swift face of CryptoCoding's NSData category.
    ///
    /// `keyDerivation` must be within ``KeyDerivationLimits/default``, so that
    /// ``decrypted(password:limits:keyCache:)`` with default limits can read the result.
    public func encrypted(
        password: String,
        keyDerivation: KeyDerivation = .default,
        keyCache: EncryptionKeyCache? = .shared
    ) throws -> Data {
        let cipher = EnvelopeCipher(
            password: PasswordSource(password), keyDerivation: keyDerivation, limits: .default, keyCache: keyCache)
        return try cipher.seal(self, innerIdentifier: "")
    }

    /// The bytes inside an encrypted envelope, whatever inner format it records (so this also
    /// returns the inner archive of an ``EncryptedFormat`` file).
    ///
    /// - Throws: ``CryptoCodingError``, e.g. ``CryptoCodingError/authenticationFailed`` for a
    ///   wrong password or changed bytes.
    public func decrypted(
        password: String,
        limits: KeyDerivationLimits = .default,
        keyCache: EncryptionKeyCache? = .shared
    ) throws -> Data {
        let cipher = EnvelopeCipher(
            password: PasswordSource(password), keyDerivation: .default, limits: limits, keyCache: keyCache)
        return try cipher.open(self, expectedInnerIdentifier: nil)
    }

    /// Encrypts these bytes like ``encrypted(password:keyDerivation:keyCache:)``, into `output`:
    /// its contents are replaced and its storage reused when it is already the right size.
    ///
    /// For large payloads encrypted again and again (the same buffer every time), this avoids
    /// allocating and faulting in fresh memory on every call, which can cost more than the cipher.
    public func encrypt(
        password: String,
        keyDerivation: KeyDerivation = .default,
        keyCache: EncryptionKeyCache? = .shared,
        into output: inout Data
    ) throws {
        let cipher = EnvelopeCipher(
            password: PasswordSource(password), keyDerivation: keyDerivation, limits: .default, keyCache: keyCache)
        try cipher.seal(self, innerIdentifier: "", into: &output)
    }

    /// Decrypts these bytes like ``decrypted(password:limits:keyCache:)``, into `output`: its
    /// contents are replaced and its storage reused; on failure it is left empty, never holding
    /// unauthenticated plaintext.
    public func decrypt(
        password: String,
        limits: KeyDerivationLimits = .default,
        keyCache: EncryptionKeyCache? = .shared,
        into output: inout Data
    ) throws {
        let cipher = EnvelopeCipher(
            password: PasswordSource(password), keyDerivation: .default, limits: limits, keyCache: keyCache)
        try cipher.open(self, expectedInnerIdentifier: nil, into: &output)
    }
}
