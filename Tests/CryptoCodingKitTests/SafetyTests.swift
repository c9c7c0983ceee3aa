import ArchiveTestSupport
import CryptoCodingKit
import Foundation
import Testing

@Suite("Safety: tampering, truncation, wrong passwords, caps, hostile bytes")
struct SafetyTests {
    /// A small archive: 44 bytes of header (scrypt, "test-json"), 7 of ciphertext, 16 of tag.
    private static func smallArchive(_ format: EncryptedFormat) throws -> Data {
        try format.encode(["a": 1])
    }

    @Test("flipping any single bit of a small archive is rejected")
    func everyBitFlip() throws {
        let format = Samples.format()
        let archive = try Self.smallArchive(format)
        #expect(try format.decode([String: Int].self, from: archive) == ["a": 1])
        for bit in 0..<(archive.count * 8) {
            var damaged = archive
            damaged[bit / 8] ^= 1 << (bit % 8)
            #expect(throws: CryptoCodingError.self, "bit \(bit)") {
                try format.decode([String: Int].self, from: damaged)
            }
        }
    }

    @Test("every truncation is rejected as truncated or unauthenticated, never decoded")
    func truncations() throws {
        let format = Samples.format()
        let archive = try Self.smallArchive(format)
        for length in 0..<archive.count {
            let error = #expect(throws: CryptoCodingError.self) {
                try format.decode([String: Int].self, from: archive.prefix(length))
            }
            switch error {
            case .truncated?, .authenticationFailed?: break
            case .notEncrypted? where length < 4: break
            default: Issue.record("length \(length): \(String(describing: error))")
            }
        }
    }

    @Test("a wrong password fails authentication and says GCM cannot tell it from tampering")
    func wrongPassword() throws {
        let archive = try Samples.format(password: "right").encode(Samples.note)
        let error = #expect(throws: CryptoCodingError.authenticationFailed) {
            try Samples.format(password: "wrong").decode(Note.self, from: archive)
        }
        #expect(error?.description.contains("cannot tell") == true)
        #expect(throws: CryptoCodingError.emptyPassword) { try Samples.format(password: "").encode(Samples.note) }
    }

    @Test("a header asking for a gigabyte scrypt is refused before the password is even asked for")
    func gigabyteScryptRefused() throws {
        let asked = Counter()
        let format = EncryptedFormat(
            inner: .testJSON,
            passwordProvider: {
                asked.increment(); return "pw"
            }, keyCache: nil)
        var archive = try Samples.format(password: "pw").encode(Samples.note)
        archive[6] = 23  // N = 2^23 with r = 1: 1 GiB
        let error = #expect(throws: CryptoCodingError.self) { try format.decode(Note.self, from: archive) }
        #expect(error == .keyDerivationOverLimit(parameter: "scrypt memory (bytes)", value: 1 << 30, limit: 256 << 20))
        archive[6] = 22; archive[14] = 2  // 512 MiB is also over; p = 2 does not matter
        #expect(throws: CryptoCodingError.self) { try format.decode(Note.self, from: archive) }
        #expect(asked.value == 0)
    }

    @Test("scrypt work, PBKDF2 iterations and invalid parameters are checked before the KDF")
    func otherCaps() throws {
        let limits = KeyDerivationLimits.default
        let longScrypt = KeyDerivation.scrypt(log2N: 10, r: 1, p: 8_192)  // 128 KiB but N·r·p = 2^23
        let longPBKDF2 = KeyDerivation.pbkdf2SHA256(iterations: 4_000_000_000)
        for derivation in [longScrypt, longPBKDF2] {
            let format = EncryptedFormat(inner: .testJSON, password: "pw", keyDerivation: derivation, limits: limits)
            // Encoding checks its own parameters against the same caps: it never writes what it cannot read.
            #expect(throws: CryptoCodingError.self) { try format.encode(Samples.note) }
        }
        var archive = try Samples.format(keyDerivation: .pbkdf2SHA256(iterations: 1_000)).encode(Samples.note)
        archive.replaceSubrange(6..<10, with: [0xEE, 0x6B, 0x28, 0x00])
        #expect(
            throws: CryptoCodingError.keyDerivationOverLimit(
                parameter: "PBKDF2 iterations", value: 4_000_000_000, limit: 10_000_000)
        ) {
            try EncryptedFormat(inner: .testJSON, password: "pw").decode(Note.self, from: archive)
        }
        archive.replaceSubrange(6..<10, with: [0, 0, 0, 0])
        #expect(throws: CryptoCodingError.invalidKeyDerivation("PBKDF2 needs at least 1 iteration")) {
            try EncryptedFormat(inner: .testJSON, password: "pw").decode(Note.self, from: archive)
        }
        archive[5] = 9
        #expect(throws: CryptoCodingError.unknownKeyDerivation(id: 9)) {
            try EncryptedFormat(inner: .testJSON, password: "pw").decode(Note.self, from: archive)
        }
        archive[4] = 2
        #expect(throws: CryptoCodingError.unsupportedVersion(2)) {
            try EncryptedFormat(inner: .testJSON, password: "pw").decode(Note.self, from: archive)
        }
    }

    @Test("decrypt(into:) leaves no plaintext behind when authentication fails")
    func decryptIntoFailure() throws {
        var sealed = try Data("secret notes".utf8)
            .encrypted(password: "right", keyDerivation: Samples.cheapKDF, keyCache: nil)
        var output = Data("previous contents".utf8)
        #expect(throws: CryptoCodingError.authenticationFailed) { try sealed.decrypt(password: "wrong", into: &output) }
        #expect(output.isEmpty)
        sealed[sealed.count - 20] ^= 1
        output = Data("previous contents".utf8)
        #expect(throws: CryptoCodingError.authenticationFailed) { try sealed.decrypt(password: "right", into: &output) }
        #expect(output.isEmpty)
    }

    @Test("an envelope of another inner format is a mismatch, named in the error")
    func innerFormatMismatch() throws {
        let archive = try Samples.format(.testBinaryPlist).encode(Samples.note)
        #expect(throws: CryptoCodingError.innerFormatMismatch(expected: "test-json", found: "test-bplist")) {
            try Samples.format(.testJSON).decode(Note.self, from: archive)
        }
        #expect(!Samples.format(.testJSON).recognizes(archive))
        #expect(Samples.format(.testBinaryPlist).recognizes(archive))
    }

    @Test("plain archives of the inner format are refused unless allowed explicitly")
    func plainArchives() throws {
        let plain = try MagicJSONFormat().encode(Samples.note)
        #expect(throws: CryptoCodingError.plainArchiveRefused(innerFormat: "test-json")) {
            try Samples.format().decode(Note.self, from: plain)
        }
        #expect(!Samples.format().recognizes(plain))
        let lenient = Samples.format(allowsPlainArchives: true)
        #expect(lenient.recognizes(plain))
        #expect(try lenient.decode(Note.self, from: plain) == Samples.note)
        #expect(throws: CryptoCodingError.notEncrypted) { try lenient.decode(Note.self, from: Data("nothing".utf8)) }
        // An envelope stays an envelope: allowing plain archives never skips authentication.
        var sealed = try lenient.encode(Samples.note)
        sealed[sealed.count - 1] ^= 1
        #expect(throws: CryptoCodingError.authenticationFailed) { try lenient.decode(Note.self, from: sealed) }
    }

    @Test("two encryptions of the same value differ, even with the same cached key")
    func encryptionsDiffer() throws {
        let format = Samples.format()
        let first = try format.encode(Samples.note), second = try format.encode(Samples.note)
        #expect(first != second)
        #expect(first[15..<31] == second[15..<31], "same cached salt")
        #expect(first[31..<43] != second[31..<43], "fresh nonce")
    }

    @Test("passwords never appear in errors, descriptions, reflections or dumps")
    func passwordsStayOut() throws {
        let password = "Sw0rdfish-\(UInt64.random(in: 1...UInt64.max))"
        let format = Samples.format(password: password)
        let provided = EncryptedFormat(inner: .testJSON, passwordProvider: { password })
        var dumped = ""
        dump(format, to: &dumped)
        dump(provided, to: &dumped)
        var texts = [String(describing: format), String(reflecting: format), String(reflecting: provided), dumped]
        let archive = try format.encode(Samples.note)
        var damaged = archive
        damaged[damaged.count - 1] ^= 1
        let inputs = [archive.prefix(20), damaged, Data("JSN1{}".utf8), archive]
        for input in inputs {
            for other in [format, Samples.format(password: password + "x")] {
                do { _ = try other.decode(Note.self, from: input) } catch {
                    texts += [String(describing: error), String(reflecting: error), error.localizedDescription]
                }
            }
        }
        #expect(texts.count > 8)
        for text in texts { #expect(!text.contains(password), "\(text)") }
        #expect(String(describing: format).contains("test-json"))
    }

    @Test("hostile random bytes, with and without the magic, never crash", arguments: 0..<4)
    func hostileBytes(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let format = Samples.format(allowsPlainArchives: seed % 2 == 0)
        let valid = try format.encode(Samples.note)
        for round in 0..<300 {
            let length = Int.random(in: 0...120, using: &generator)
            var bytes = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
            if round % 3 == 0 { bytes = Data("CCKE".utf8) + bytes }
            if round % 3 == 1 {
                bytes = valid
                for _ in 0..<Int.random(in: 1...6, using: &generator) {
                    let index = Int.random(in: 0..<bytes.count, using: &generator)
                    bytes[index] ^= UInt8.random(in: 1...255, using: &generator)
                }
            }
            _ = format.recognizes(bytes)
            #expect(throws: (any Error).self) { try format.decode(Note.self, from: bytes) }
            #expect(throws: (any Error).self) {
                try bytes.decrypted(password: "x", limits: Samples.tightLimits, keyCache: nil)
            }
        }
    }
}
