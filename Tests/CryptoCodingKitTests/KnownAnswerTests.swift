import Foundation
import Testing

@testable import CryptoCodingKit

/// The envelope's bytes for fixed inputs, computed independently with Python's hashlib and the
/// `cryptography` package's AESGCM (header as associated data).
@Suite("Known answers")
struct KnownAnswerTests {
    private static let salt = Array(0..<16 as Range<UInt8>)
    private static let nonce = Array(0xA0..<0xAC as Range<UInt8>)
    private static let password = "correct horse"

    private func key(_ derivation: KeyDerivation) throws -> SecretBytes {
        try PasswordBytes.with(Self.password) { try derivation.deriveKey(password: $0, salt: Self.salt) }
    }

    @Test("scrypt (N=16, r=1, p=1) key and envelope of {\"a\":1} with inner format \"json\"")
    func scryptEnvelope() throws {
        let derivation = KeyDerivation.scrypt(log2N: 4, r: 1, p: 1)
        let key = try key(derivation)
        #expect(
            key.withUnsafeBytes { Data($0) }.hex
                == "1889a062a641a7ee82c9305a9f94791360f4395f4af2fb01e35c5d29bf3edf14")
        let header = EnvelopeHeader(
            keyDerivation: derivation, salt: Self.salt, nonce: Self.nonce, innerIdentifier: "json")
        let sealed = try Data("{\"a\":1}".utf8).withUnsafeBytes { try Envelope.seal($0, header: header, key: key) }
        #expect(
            sealed.hex == "43434b450101040000000100000001000102030405060708090a0b0c0d0e0fa0a1a2a3a4a5a6a7a8a9aaab04"
                + "6a736f6e69092e01d425edfdc636c9449fec85222c24d985e0a5b6")
        #expect(try sealed.decrypted(password: Self.password, keyCache: nil) == Data("{\"a\":1}".utf8))
    }

    @Test("PBKDF2-HMAC-SHA256 (1,000 iterations) key and envelope of \"hello\" with no inner format")
    func pbkdf2Envelope() throws {
        let derivation = KeyDerivation.pbkdf2SHA256(iterations: 1_000)
        let key = try key(derivation)
        #expect(
            key.withUnsafeBytes { Data($0) }.hex
                == "c914cc4f06cc6e8f46d157e3a1b5aa7abceebb17bb0444cd4c4ac16ca2ae9864")
        let header = EnvelopeHeader(keyDerivation: derivation, salt: Self.salt, nonce: Self.nonce, innerIdentifier: "")
        let sealed = try Data("hello".utf8).withUnsafeBytes { try Envelope.seal($0, header: header, key: key) }
        #expect(
            sealed.hex == "43434b450102000003e8000102030405060708090a0b0c0d0e0fa0a1a2a3a4a5a6a7a8a9aaab00"
                + "9f6ea5b34c9a9c9cc8fc78fc54c50d53a905cac1ed")
        #expect(try sealed.decrypted(password: Self.password, keyCache: nil) == Data("hello".utf8))
    }

    @Test("the header parser reads back exactly what the writer wrote")
    func headerRoundTrip() throws {
        let header = EnvelopeHeader(
            keyDerivation: .scrypt(log2N: 16, r: 8, p: 1), salt: Self.salt, nonce: Self.nonce,
            innerIdentifier: "fastcoding")
        let bytes = try header.bytes() + [UInt8](repeating: 0, count: 16)
        let (parsed, length) = try bytes.withUnsafeBytes { try EnvelopeHeader.parse($0, limits: .default) }
        #expect(parsed == header)
        #expect(length == 54)
        let long = EnvelopeHeader(
            keyDerivation: .default, salt: Self.salt, nonce: Self.nonce,
            innerIdentifier: String(repeating: "x", count: 256))
        #expect(throws: CryptoCodingError.innerFormatIdentifierTooLong(length: 256)) { try long.bytes() }
    }
}
