/// Why encrypted bytes could not be read or written, in words a person can act on.
///
/// No case ever carries a password or key material. Errors of the inner format (what is wrong
/// with the decrypted archive itself) are thrown unchanged, not wrapped in this enum.
public enum CryptoCodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input does not start with the envelope's magic bytes `CCKE`.
    case notEncrypted
    /// The input is a plain (unencrypted) archive of the inner format, and the format was not
    /// told to accept plain archives (``EncryptedFormat/allowsPlainArchives``).
    case plainArchiveRefused(innerFormat: String)
    /// The envelope's version byte is not one this reader understands (only 1 is).
    case unsupportedVersion(UInt8)
    /// The key-derivation identifier in the header is not scrypt (1) or PBKDF2-HMAC-SHA256 (2).
    case unknownKeyDerivation(id: UInt8)
    /// Key-derivation parameters no KDF accepts (e.g. scrypt with r = 0).
    case invalidKeyDerivation(String)
    /// Key-derivation parameters over the reader's caps (``KeyDerivationLimits``), refused
    /// before the key derivation runs.
    case keyDerivationOverLimit(parameter: String, value: UInt64, limit: UInt64)
    /// The input ended before `reading` was complete.
    case truncated(length: Int, needed: Int, reading: String)
    /// The inner format's identifier in the header is not valid UTF-8.
    case invalidInnerFormatIdentifier(offset: Int)
    /// The envelope holds an archive of another inner format than the one asked for.
    case innerFormatMismatch(expected: String, found: String)
    /// An inner format's identifier longer than the envelope can record (255 UTF-8 bytes).
    case innerFormatIdentifierTooLong(length: Int)
    /// Authentication failed: the password is wrong, or the bytes were changed. AES-GCM cannot
    /// tell these two apart.
    case authenticationFailed
    /// The password (given, or returned by the password provider) is empty.
    case emptyPassword
    /// libcrypto failed at `operation` (random bytes, key derivation, encryption, memory).
    case cryptographyFailed(operation: String)
    /// A legacy CryptoCoding file whose outer keyed archive cannot be read; `reason` says where.
    case legacyArchiveMalformed(reason: String)
    /// A legacy CryptoCoding file of a version this reader does not decrypt (only 2.x and 0 are).
    case legacyVersionUnsupported(version: Double)
    /// A legacy CryptoCoding file did not decrypt: wrong password or damaged data (the legacy
    /// layout has no MAC, so a bad padding is the only sign, and a wrong password is not always caught).
    case legacyDecryptionFailed

    /// A message that says what is wrong and, where it helps, what to do.
    public var description: String {
        switch self {
        case .notEncrypted:
            "input is not an encrypted archive (it does not start with the envelope magic 'CCKE')"
        case let .plainArchiveRefused(innerFormat):
            "input is a plain, unencrypted \(innerFormat) archive; it is refused because anyone could have "
                + "written it (set allowsPlainArchives to read unencrypted files on purpose)"
        case let .unsupportedVersion(version):
            "encrypted-archive version \(version) is not supported (this reader reads version 1)"
        case let .unknownKeyDerivation(id):
            "unknown key-derivation identifier \(id) (1 is scrypt, 2 is PBKDF2-HMAC-SHA256)"
        case let .invalidKeyDerivation(reason):
            "invalid key-derivation parameters: \(reason)"
        case let .keyDerivationOverLimit(parameter, value, limit):
            "key-derivation \(parameter) \(value) is over the limit of \(limit); refused before deriving a key "
                + "(raise KeyDerivationLimits only for files you trust)"
        case let .truncated(length, needed, reading):
            "input of \(length) bytes is truncated: reading \(reading) needs at least \(needed) bytes"
        case let .invalidInnerFormatIdentifier(offset):
            "the inner format identifier at offset \(offset) is not valid UTF-8"
        case let .innerFormatMismatch(expected, found):
            "the encrypted archive holds a '\(found)' archive, not the '\(expected)' archive this format reads"
        case let .innerFormatIdentifierTooLong(length):
            "inner format identifier of \(length) UTF-8 bytes is too long for the envelope (at most 255)"
        case .authenticationFailed:
            "wrong password, or the encrypted archive was changed or damaged (AES-GCM cannot tell which)"
        case .emptyPassword:
            "the password is empty"
        case let .cryptographyFailed(operation):
            "libcrypto failed while \(operation)"
        case let .legacyArchiveMalformed(reason):
            "not a readable legacy CryptoCoding archive: \(reason)"
        case let .legacyVersionUnsupported(version):
            "legacy CryptoCoding version \(version) is not supported (only 2.x files are decrypted)"
        case .legacyDecryptionFailed:
            "the legacy CryptoCoding archive did not decrypt: wrong password or damaged data"
        }
    }
}
