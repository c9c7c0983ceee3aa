import ArchiveTestSupport
import CLibCrypto
import Foundation
import Testing

@testable import CryptoCodingKit

/// Stands in for the original's `CryptoArchive`: Foundation's own NSKeyedArchiver writes it with
/// the fields in the original's order (recorded as `CryptoCodingKitTests.CryptoArchive`: Foundation
/// on Linux ignores `setClassName`; the byte-exact original naming is in the Python-made fixtures).
final class CryptoArchive: NSObject, NSCoding {
    let iv: NSData, salt: NSData, cypher: NSData?, className: String, version: Float

    init(iv: NSData, salt: NSData, cypher: NSData?, className: String = "TodoList", version: Float = 2) {
        self.iv = iv
        self.salt = salt
        self.cypher = cypher
        self.className = className
        self.version = version
    }

    required init?(coder: NSCoder) { nil }

    func encode(with coder: NSCoder) {
        coder.encode(iv, forKey: "iv")
        coder.encode(salt, forKey: "salt")
        coder.encode(cypher, forKey: "cypher")
        coder.encode(className, forKey: "className")
        coder.encode(version, forKey: "version")
    }

    /// The binary keyed archive of this object.
    func archive() -> Data {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.encode(self, forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        return archiver.encodedData
    }
}

@Suite("Legacy CryptoCoding v2 files")
struct LegacyTests {
    // The vectors of cryptocoding-legacy.md §3.
    private static let salt = Data(0..<8 as Range<UInt8>)
    private static let iv = Data(0x10..<0x20 as Range<UInt8>)
    private static let helloCipher = Data(hex: "4e24b25198de32fbb162443b6cf8550e")

    private static func helloFile(mutable: Bool = true, version: Float = 2) -> Data {
        let wrap: (Data) -> NSData = { mutable ? NSMutableData(data: $0) : NSData(data: $0) }
        return CryptoArchive(
            iv: wrap(iv), salt: wrap(salt), cypher: wrap(helloCipher), version: version
        ).archive()
    }

    @Test("key derivation: PBKDF2-HMAC-SHA1 ×1024 of \"secret\" and salt 00…07")
    func legacyKey() throws {
        let key = try LegacyCryptoArchive.key(password: "secret", salt: Array(Self.salt))
        #expect(key.withUnsafeBytes { Data($0) }.hex == "3c3a0dd97602b850d84246db8ed4f404")
    }

    @Test(
        "a file written by Foundation's NSKeyedArchiver in the legacy layout decrypts to the inner bytes",
        arguments: [true, false])
    func decryptsFoundationWrittenFile(mutableData: Bool) throws {
        let archive = try LegacyCryptoArchive(data: Self.helloFile(mutable: mutableData))
        #expect(archive.className == "TodoList")
        #expect(archive.version == 2)
        #expect(try archive.decryptedInnerArchive(password: "secret") == Data("hello".utf8))
        #expect(throws: CryptoCodingError.legacyDecryptionFailed) {
            try archive.decryptedInnerArchive(password: "wrong")
        }
    }

    @Test("a real inner keyed archive survives the round trip and Foundation decodes it")
    func innerKeyedArchive() throws {
        let inner = try NSKeyedArchiver.archivedData(
            withRootObject: ["milk", "eggs"] as NSArray, requiringSecureCoding: false)
        let outer = CryptoArchive(
            iv: NSMutableData(data: Self.iv), salt: NSMutableData(data: Self.salt),
            cypher: NSMutableData(data: try Self.legacyEncrypt(inner, password: "secret"))
        ).archive()
        let decrypted = try LegacyCryptoArchive(data: outer).decryptedInnerArchive(password: "secret")
        #expect(decrypted == inner)
        let list = try NSKeyedUnarchiver.unarchiveTopLevelObjectWithData(decrypted) as? [String]
        #expect(list == ["milk", "eggs"])
    }

    @Test(
        "the fixtures made by an independent Python writer, in the original's exact naming, decrypt",
        arguments: ["legacy-v2-mutable-data.plist", "legacy-v2-bare-data.plist"])
    func pythonFixtures(_ name: String) throws {
        let folder = SharedVectors.packageRoot.appendingPathComponent("Tests/CryptoCodingKitTests/Fixtures")
        let archive = try LegacyCryptoArchive(data: try Data(contentsOf: folder.appendingPathComponent(name)))
        #expect(archive.className == "TodoList")
        let inner = try archive.decryptedInnerArchive(password: "secret")
        #expect(inner == (try Data(contentsOf: folder.appendingPathComponent("legacy-v2-inner.plist"))))
        #expect(try NSKeyedUnarchiver.unarchiveTopLevelObjectWithData(inner) as? [String] == ["milk", "eggs"])
    }

    @Test("version 1 (MD5 keys) and versions from 3 on are refused, naming the version")
    func versions() throws {
        for version: Float in [1, 3] {
            let archive = try LegacyCryptoArchive(data: Self.helloFile(version: version))
            #expect(throws: CryptoCodingError.legacyVersionUnsupported(version: Double(version))) {
                try archive.decryptedInnerArchive(password: "secret")
            }
        }
    }

    @Test("archives that are not CryptoArchives, or lack a field, are malformed with a reason")
    func malformed() throws {
        let plain = try NSKeyedArchiver.archivedData(withRootObject: "text" as NSString, requiringSecureCoding: false)
        let noCypher = CryptoArchive(iv: Self.iv as NSData, salt: Self.salt as NSData, cypher: nil).archive()
        for data in [Data(), Data("bplist00".utf8), plain, noCypher, try MagicJSONFormat().encode(Samples.note)] {
            let error = #expect(throws: CryptoCodingError.self) { try LegacyCryptoArchive(data: data) }
            guard case .legacyArchiveMalformed? = error else {
                Issue.record("unexpected \(String(describing: error))")
                continue
            }
        }
    }

    @Test("hostile bytes and damaged legacy files never crash the outer reader", arguments: 0..<4)
    func hostile(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let valid = Self.helloFile()
        for _ in 0..<500 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            if Bool.random(using: &generator) {
                bytes = bytes.prefix(Int.random(in: 0...bytes.count, using: &generator))
            }
            _ = try? LegacyCryptoArchive(data: bytes).decryptedInnerArchive(password: "secret")
        }
    }

    /// AES-128-CBC-PKCS7 with the legacy key, as the original wrote its `cypher` (straight
    /// through libcrypto's EVP: the kit itself only ever decrypts this layout).
    private static func legacyEncrypt(_ plaintext: Data, password: String) throws -> Data {
        let key = try LegacyCryptoArchive.key(password: password, salt: Array(salt)).withUnsafeBytes { Array($0) }
        let context = EVP_CIPHER_CTX_new()
        defer { EVP_CIPHER_CTX_free(context) }
        var output = [UInt8](repeating: 0, count: plaintext.count + 16)
        var written: Int32 = 0, final: Int32 = 0
        let input = Array(plaintext)
        try #require(EVP_EncryptInit_ex(context, EVP_aes_128_cbc(), nil, key, Array(iv)) == 1)
        try #require(EVP_EncryptUpdate(context, &output, &written, input, Int32(input.count)) == 1)
        try output.withUnsafeMutableBufferPointer { buffer in
            try #require(EVP_EncryptFinal_ex(context, buffer.baseAddress! + Int(written), &final) == 1)
        }
        return Data(output.prefix(Int(written + final)))
    }
}
