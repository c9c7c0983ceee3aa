import Foundation

extension Data {
    /// These bytes in an encrypted envelope (AES-256-GCM, key from `password`) with no inner
    /// format recorded: the Swift face of CryptoCoding's NSData category.
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
}
