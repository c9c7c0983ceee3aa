import CLibCrypto
import Foundation

/// Turns inner archive bytes into envelopes and back: picks salt, nonce and key (through the
/// cache), checks headers, and leaves the AEAD step to ``Envelope``.
struct EnvelopeCipher: Sendable {
    var password: PasswordSource
    var keyDerivation: KeyDerivation
    var limits: KeyDerivationLimits
    var keyCache: EncryptionKeyCache?

    /// Encrypts `plaintext` into a new archive, recording `innerIdentifier` in the header.
    func seal(_ plaintext: Data, innerIdentifier: String) throws -> Data {
        let (header, key) = try sealingHeader(innerIdentifier: innerIdentifier)
        return try plaintext.withUnsafeBytes { try Envelope.seal($0, header: header, key: key) }
    }

    /// Encrypts `plaintext` into `output`, replacing its contents and reusing its storage.
    func seal(_ plaintext: Data, innerIdentifier: String, into output: inout Data) throws {
        let (header, key) = try sealingHeader(innerIdentifier: innerIdentifier)
        let headerBytes = try header.bytes()
        let total = try Envelope.sealedCount(headerCount: headerBytes.count, plaintextCount: plaintext.count)
        if output.count != total { output.count = total }
        try plaintext.withUnsafeBytes { plaintext in
            try output.withUnsafeMutableBytes { output in
                try Envelope.seal(plaintext, header: headerBytes, nonce: header.nonce, key: key, into: output)
            }
        }
    }

    /// Checks the header of `data` (caps before anything else, then the inner identifier when
    /// `expectedInnerIdentifier` is given), derives or finds the key, and returns the inner archive.
    func open(_ data: Data, expectedInnerIdentifier: String?) throws -> Data {
        try data.withUnsafeBytes { bytes in
            try withOpeningKey(bytes, expectedInnerIdentifier: expectedInnerIdentifier) { header, length, key in
                try Envelope.open(bytes, header: header, headerLength: length, key: key)
            }
        }
    }

    /// Like ``open(_:expectedInnerIdentifier:)``, into `output`, replacing its contents and
    /// reusing its storage; `output` is emptied (its bytes zeroed) when opening fails.
    func open(_ data: Data, expectedInnerIdentifier: String?, into output: inout Data) throws {
        do {
            try data.withUnsafeBytes { bytes in
                try withOpeningKey(bytes, expectedInnerIdentifier: expectedInnerIdentifier) { header, length, key in
                    let count = Envelope.plaintextCount(bytes, headerLength: length)
                    if output.count != count { output.count = count }
                    try output.withUnsafeMutableBytes { output in
                        try Envelope.open(bytes, header: header, headerLength: length, key: key, into: output)
                    }
                }
            }
        } catch {
            output.removeAll()
            throw error
        }
    }

    /// The header and key of a new archive: the cached salt and key for this password and KDF,
    /// or a new salt and key (stored in the cache); always a fresh random nonce.
    private func sealingHeader(innerIdentifier: String) throws -> (EnvelopeHeader, SecretBytes) {
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
        let header = EnvelopeHeader(
            keyDerivation: keyDerivation, salt: salt, nonce: nonce, innerIdentifier: innerIdentifier)
        return (header, key)
    }

    /// Parses and checks the header of `bytes`, then runs `body` with the key: the cached one
    /// when the salt matches, else a derived one that is cached only once `body` authenticated.
    private func withOpeningKey<R>(
        _ bytes: UnsafeRawBufferPointer, expectedInnerIdentifier: String?,
        _ body: (EnvelopeHeader, Int, SecretBytes) throws -> R
    ) throws -> R {
        let (header, headerLength) = try EnvelopeHeader.parse(bytes, limits: limits)
        if let expectedInnerIdentifier, header.innerIdentifier != expectedInnerIdentifier {
            throw CryptoCodingError.innerFormatMismatch(
                expected: expectedInnerIdentifier, found: header.innerIdentifier)
        }
        return try PasswordBytes.with(try password.password()) { password in
            let derivation = header.keyDerivation
            if let entry = keyCache?.entry(password: password, derivation: derivation), entry.salt == header.salt {
                return try body(header, headerLength, entry.key)
            }
            let key = try derivation.deriveKey(password: password, salt: header.salt)
            let result = try body(header, headerLength, key)
            // Only a key that authenticated is kept: a forged header cannot plant a salt.
            keyCache?.store(.init(salt: header.salt, key: key), password: password, derivation: derivation)
            return result
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
