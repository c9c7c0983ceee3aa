import Foundation

/// Password-encrypted archives around any other ``ArchiveFormat``: `.encrypted(.fastCoding, password: "…")`.
///
/// Encoding runs the inner format, then seals its bytes with AES-256-GCM under a key derived
/// from the password (scrypt by default); the header, recorded in clear, is authenticated with
/// the ciphertext. Decoding checks the header against ``limits`` before deriving any key, and
/// hands the decrypted bytes to the inner format. See <doc:EnvelopeFormat> and <doc:Security>.
public struct EncryptedFormat: ArchiveFormat, CustomStringConvertible, CustomReflectable {
    /// The format of the archive inside the envelope.
    public var inner: any ArchiveFormat
    /// The key derivation new archives use (decoding uses the one in each header).
    public var keyDerivation: KeyDerivation
    /// The most expensive key derivation decoding agrees to run (encoding checks its own too).
    public var limits: KeyDerivationLimits
    /// Where derived keys are kept between calls; `nil` derives a new key, with a new salt, on every write.
    public var keyCache: EncryptionKeyCache?
    /// Whether ``decode(_:from:)`` also accepts a plain, unencrypted archive of the inner format.
    ///
    /// Off by default: a plain file placed where an encrypted one is expected was written by
    /// someone who did not need the password, and the original CryptoCoding's silent acceptance
    /// of such files defeated its purpose. Turn it on only to migrate existing plain files.
    public var allowsPlainArchives: Bool
    private var password: PasswordSource

    /// Encrypts with a fixed password.
    public init(
        inner: some ArchiveFormat,
        password: String,
        keyDerivation: KeyDerivation = .default,
        limits: KeyDerivationLimits = .default,
        keyCache: EncryptionKeyCache? = .shared,
        allowsPlainArchives: Bool = false
    ) {
        self.init(
            inner: inner, source: PasswordSource(password), keyDerivation: keyDerivation, limits: limits,
            keyCache: keyCache, allowsPlainArchives: allowsPlainArchives)
    }

    /// Encrypts with a password `passwordProvider` supplies each time one is needed (after the
    /// header checks when decoding); its errors are rethrown as they are.
    public init(
        inner: some ArchiveFormat,
        passwordProvider: @escaping @Sendable () throws -> String,
        keyDerivation: KeyDerivation = .default,
        limits: KeyDerivationLimits = .default,
        keyCache: EncryptionKeyCache? = .shared,
        allowsPlainArchives: Bool = false
    ) {
        self.init(
            inner: inner, source: PasswordSource(provider: passwordProvider), keyDerivation: keyDerivation,
            limits: limits, keyCache: keyCache, allowsPlainArchives: allowsPlainArchives)
    }

    private init(
        inner: any ArchiveFormat, source: PasswordSource, keyDerivation: KeyDerivation,
        limits: KeyDerivationLimits, keyCache: EncryptionKeyCache?, allowsPlainArchives: Bool
    ) {
        self.inner = inner
        self.password = source
        self.keyDerivation = keyDerivation
        self.limits = limits
        self.keyCache = keyCache
        self.allowsPlainArchives = allowsPlainArchives
    }

    /// `"encrypted-"` followed by the inner format's identifier, e.g. `"encrypted-fastcoding"`.
    public var identifier: String { "encrypted-\(inner.identifier)" }
    /// `"enc"`.
    public var fileExtension: String { "enc" }
    /// ``ArchiveDetectionPriority/encrypted``: envelopes are recognised before every other format.
    public var detectionPriority: ArchiveDetectionPriority { .encrypted }
    /// `true`: encrypted files are written readable by their owner only (mode `0o600`), since a
    /// copy is open to offline password guessing.
    public var holdsSecrets: Bool { true }

    /// Encodes `value` with the inner format and encrypts the result.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        try cipher.seal(try inner.encode(value), innerIdentifier: inner.identifier)
    }

    /// Decrypts `data` and decodes a `T` from it with the inner format.
    ///
    /// - Throws: ``CryptoCodingError`` for the envelope (not encrypted, caps, wrong password or
    ///   tampered data, inner format mismatch, plain archive refused); the inner format's own
    ///   errors for what is inside.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try inner.decode(type, from: innerArchive(of: data))
    }

    /// Decrypts `data` and decodes a `T` from it with the inner format, layered over `base`: each
    /// top-level key the archive lacks keeps `base`'s value (see ``ArchiveFormat/decode(_:from:over:)``).
    ///
    /// - Throws: what ``decode(_:from:)`` throws.
    public func decode<T: Codable>(_ type: T.Type, from data: Data, over base: T) throws -> T {
        try inner.decode(type, from: innerArchive(of: data), over: base)
    }

    /// The inner format's archive in `data`: the envelope opened, or a plain archive when allowed.
    private func innerArchive(of data: Data) throws -> Data {
        let isEnvelope = data.withUnsafeBytes { EnvelopeHeader.hasMagic($0) }
        guard isEnvelope else {
            guard inner.recognizes(data) else { throw CryptoCodingError.notEncrypted }
            guard allowsPlainArchives else {
                throw CryptoCodingError.plainArchiveRefused(innerFormat: inner.identifier)
            }
            return data
        }
        return try cipher.open(data, expectedInnerIdentifier: inner.identifier)
    }

    /// `true` for an envelope holding this inner format (or one whose header cannot be read far
    /// enough to tell, so that decoding reports why), and, when plain archives are allowed, for
    /// whatever the inner format recognises.
    public func recognizes(_ data: Data) -> Bool {
        let envelope: Bool? = data.withUnsafeBytes { bytes in
            guard EnvelopeHeader.hasMagic(bytes) else { return nil }
            guard let (header, _) = try? EnvelopeHeader.parse(bytes, limits: limits) else { return true }
            return header.innerIdentifier == inner.identifier
        }
        if let envelope { return envelope }
        return allowsPlainArchives && inner.recognizes(data)
    }

    /// `EncryptedFormat(inner: fastcoding, keyDerivation: scrypt(N=2^16, r=8, p=1))`; never the password.
    public var description: String {
        "EncryptedFormat(inner: \(inner.identifier), keyDerivation: \(keyDerivation)"
            + (allowsPlainArchives ? ", allowsPlainArchives)" : ")")
    }

    /// The inner format, key derivation and plain-archive setting; never the password.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "inner": inner.identifier, "keyDerivation": keyDerivation, "allowsPlainArchives": allowsPlainArchives,
            ])
    }

    private var cipher: EnvelopeCipher {
        EnvelopeCipher(password: password, keyDerivation: keyDerivation, limits: limits, keyCache: keyCache)
    }
}

extension ArchiveFormat where Self == EncryptedFormat {
    /// `inner`'s archives encrypted with `password` (AES-256-GCM, key by ``KeyDerivation/default``).
    public static func encrypted(
        _ inner: some ArchiveFormat,
        password: String,
        keyDerivation: KeyDerivation = .default,
        allowsPlainArchives: Bool = false
    ) -> EncryptedFormat {
        EncryptedFormat(
            inner: inner, password: password, keyDerivation: keyDerivation,
            allowsPlainArchives: allowsPlainArchives)
    }

    /// `inner`'s archives encrypted with the password `passwordProvider` returns when one is needed.
    public static func encrypted(
        _ inner: some ArchiveFormat,
        passwordProvider: @escaping @Sendable () throws -> String,
        keyDerivation: KeyDerivation = .default,
        allowsPlainArchives: Bool = false
    ) -> EncryptedFormat {
        EncryptedFormat(
            inner: inner, passwordProvider: passwordProvider, keyDerivation: keyDerivation,
            allowsPlainArchives: allowsPlainArchives)
    }
}
