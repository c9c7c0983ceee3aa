import CLibCrypto
import Foundation

/// Turns inner archive bytes into envelopes and back: picks salt, nonce and key (through the
/// cache), checks headers, and leaves the AEAD step to ``Envelope``.
struct EnvelopeCipher: Sendable {
    var password: PasswordSource
    var keyDerivation: KeyDerivation
    var limits: KeyDerivationLimits
    var keyCache: EncryptionKeyCache?

    /// Encrypts `plaintext`, recording `innerIdentifier` in the header.
    func seal(_ plaintext: Data, innerIdentifier: String) throws -> Data {
        try limits.check(keyDerivation)
        let (salt, key) = try PasswordBytes.with(try password.password()) { password in
            if let entry = keyCache?.entry(password: password, derivation: keyDerivation) {
                return (entry.salt, entry.key)
            }
            let salt = try Self.randomBytes(EnvelopeHeader.saltLength, for: "the salt")
            let key = try keyDerivation.deriveKey(password: password, salt: salt)
            keyCache?.store(.init(salt: salt, key: key), password: password, derivation: keyDerivation)
            return (salt, key)
        }
        let nonce = try Self.randomBytes(EnvelopeHeader.nonceLength, for: "the nonce")
        let header = EnvelopeHeader(keyDerivation: keyDerivation, salt: salt, nonce: nonce, innerIdentifier: innerIdentifier)
        return try plaintext.withUnsafeBytes { try Envelope.seal($0, header: header, key: key) }
    }

    /// Checks the header of `data` (caps before anything else, then the inner identifier when
    /// `expectedInnerIdentifier` is given), derives or finds the key, and returns the inner archive.
    func open(_ data: Data, expectedInnerIdentifier: String?) throws -> Data {
        try data.withUnsafeBytes { bytes in
            let (header, headerLength) = try EnvelopeHeader.parse(bytes, limits: limits)
            if let expectedInnerIdentifier, header.innerIdentifier != expectedInnerIdentifier {
                throw CryptoCodingError.innerFormatMismatch(expected: expectedInnerIdentifier, found: header.innerIdentifier)
            }
            return try PasswordBytes.with(try password.password()) { password in
                let derivation = header.keyDerivation
                if let entry = keyCache?.entry(password: password, derivation: derivation), entry.salt == header.salt {
                    return try Envelope.open(bytes, header: header, headerLength: headerLength, key: entry.key)
                }
                let key = try derivation.deriveKey(password: password, salt: header.salt)
                let plaintext = try Envelope.open(bytes, header: header, headerLength: headerLength, key: key)
                // Only a key that authenticated is kept: a forged header cannot plant a salt.
                keyCache?.store(.init(salt: header.salt, key: key), password: password, derivation: derivation)
                return plaintext
            }
        }
    }

    private static func randomBytes(_ count: Int, for what: String) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        guard clibcrypto_random_bytes(&bytes, count) == 1 else {
            throw CryptoCodingError.cryptographyFailed(operation: "generating \(what)")
        }
        return bytes
    }
}
