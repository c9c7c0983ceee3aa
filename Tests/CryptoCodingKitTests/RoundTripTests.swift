import ArchiveTestSupport
import CryptoCodingKit
import Foundation
import Testing

@Suite("Round trips")
struct RoundTripTests {
    @Test("the spelled format with its default scrypt round-trips and records the inner format")
    func defaultSpelling() throws {
        let format: EncryptedFormat = .encrypted(.testJSON, password: "correct horse battery staple")
        #expect(format.keyDerivation == .scrypt(log2N: 16, r: 8, p: 1))
        let data = try format.encode(Samples.note)
        #expect(try format.decode(Note.self, from: data) == Samples.note)
        #expect(data.starts(with: Data("CCKE".utf8)))
        #expect(!data.contains(Data("Groceries".utf8)))
        #expect(try data.decrypted(password: "correct horse battery staple").starts(with: Data("JSN1".utf8)))
    }

    @Test(
        "several inner formats round-trip",
        arguments: [
            MagicJSONFormat() as any ArchiveFormat, BinaryPlistFormat(),
            Samples.format(MagicJSONFormat(), password: "inner password"),
        ])
    func innerFormats(_ inner: any ArchiveFormat) throws {
        let format = Samples.format(inner)
        let data = try format.encode(Samples.note)
        #expect(try format.decode(Note.self, from: data) == Samples.note)
        #expect(format.identifier == "encrypted-\(inner.identifier)")
    }

    @Test("PBKDF2-HMAC-SHA256 archives round-trip and record their iterations")
    func pbkdf2() throws {
        let format = Samples.format(keyDerivation: .pbkdf2SHA256(iterations: 1_000))
        let data = try format.encode(Samples.note)
        #expect(data[5] == 2)
        #expect(Array(data[6..<10]) == [0, 0, 0x03, 0xE8])
        #expect(try format.decode(Note.self, from: data) == Samples.note)
    }

    @Test("a password provider is asked for the password, and its error comes through unchanged")
    func passwordProvider() throws {
        struct Locked: Error, Equatable {}
        let asked = Counter()
        let format = EncryptedFormat(
            inner: .testJSON,
            passwordProvider: {
                asked.increment(); return "from the provider"
            },
            keyDerivation: Samples.cheapKDF, limits: Samples.tightLimits, keyCache: nil)
        let data = try format.encode(Samples.note)
        #expect(try format.decode(Note.self, from: data) == Samples.note)
        #expect(asked.value == 2)
        #expect(try data.decrypted(password: "from the provider", limits: Samples.tightLimits, keyCache: nil).count > 0)

        let locked = EncryptedFormat(
            inner: .testJSON, passwordProvider: { throw Locked() }, keyDerivation: Samples.cheapKDF)
        #expect(throws: Locked()) { try locked.encode(Samples.note) }
        #expect(throws: Locked()) { try locked.decode(Note.self, from: data) }
    }

    @Test("Data helpers round-trip empty, small and multi-megabyte payloads")
    func dataHelpers() throws {
        var generator = SplitMix64(seed: 21)
        let big = Data((0..<(3 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) })
        for payload in [Data(), Data("hello".utf8), big] {
            let sealed = try payload.encrypted(password: "pw", keyDerivation: Samples.cheapKDF, keyCache: nil)
            #expect(sealed.count == payload.count + 44 + 16)
            #expect(try sealed.decrypted(password: "pw", keyCache: nil) == payload)
        }
    }

    @Test("encrypt(into:) and decrypt(into:) reuse one output buffer across payloads of any size")
    func intoReusedBuffers() throws {
        var sealed = Data(), opened = Data([1, 2, 3])
        for payload in [Data("first".utf8), Data(repeating: 7, count: 100_000), Data(), Data("last".utf8)] {
            try payload.encrypt(password: "pw", keyDerivation: Samples.cheapKDF, into: &sealed)
            #expect(sealed.count == payload.count + 60)
            #expect(try sealed.decrypted(password: "pw") == payload)
            try sealed.decrypt(password: "pw", into: &opened)
            #expect(opened == payload)
        }
        try sealed.decrypt(password: "pw", into: &sealed)
        #expect(sealed == Data("last".utf8))
    }

    @Test("write(_:to:) and read(_:from:) go through the envelope on disk")
    func files() throws {
        let folder = try TemporaryDirectory()
        let format = Samples.format()
        let file = folder.file("note.\(format.fileExtension)")
        try format.write(Samples.note, to: file)
        #expect(try format.read(Note.self, from: file) == Samples.note)
        #expect(try Data(contentsOf: file).starts(with: Data("CCKE".utf8)))
    }

    @Test("the same password with different Unicode normalisations are different passwords")
    func passwordBytesAreExact() throws {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(composed == decomposed)
        let data = try Samples.format(password: composed, cache: nil).encode(Samples.note)
        #expect(throws: CryptoCodingError.authenticationFailed) {
            try Samples.format(password: decomposed, cache: nil).decode(Note.self, from: data)
        }
    }
}

/// A thread-safe counter for closures that must be `@Sendable`.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
