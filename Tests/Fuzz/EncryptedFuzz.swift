// fuzz-target: encrypted
// fuzz-modules: CryptoCodingKit
// fuzz-sources:
// fuzz-seeds:
// fuzz-link: crypto
import CryptoCodingKit
import Foundation

// Fuzz target `encrypted`: CryptoCodingKit's envelope reader (`EncryptedFormat.decode`,
// `Data.decrypted`, `recognizes`) and the legacy reader (`LegacyCryptoArchive`) on arbitrary
// bytes. Caps far below the defaults keep every key derivation a header can ask for to a few
// kilobytes and microseconds: the fuzzer must never run a big scrypt.

private let limits = KeyDerivationLimits(
    maximumScryptMemory: 1 << 16, maximumScryptWork: 1 << 10, maximumPBKDF2Iterations: 2_000)
private let password = "fuzz password"

/// JSON behind a magic: enough of an inner format to reach decoding after decryption.
private struct FuzzJSONFormat: ArchiveFormat {
    struct WrongMagic: Error {}
    var identifier: String { "fuzz-json" }
    var fileExtension: String { "json" }
    func encode<T: Encodable>(_ value: T) throws -> Data { Data("FJ".utf8) + (try JSONEncoder().encode(value)) }
    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        guard recognizes(data) else { throw WrongMagic() }
        return try JSONDecoder().decode(type, from: data.dropFirst(2))
    }
    func recognizes(_ data: Data) -> Bool { data.starts(with: Data("FJ".utf8)) }
}

private let strict = EncryptedFormat(
    inner: FuzzJSONFormat(), password: password, keyDerivation: .scrypt(log2N: 4, r: 1, p: 1), limits: limits,
    keyCache: nil)
private let lenient = EncryptedFormat(
    inner: FuzzJSONFormat(), password: password, keyDerivation: .pbkdf2SHA256(iterations: 100), limits: limits,
    keyCache: nil, allowsPlainArchives: true)

func fuzz(_ data: Data) {
    _ = strict.recognizes(data)
    _ = try? strict.decode([String: [Int]].self, from: data)
    _ = try? lenient.decode([String: [Int]].self, from: data)
    _ = try? data.decrypted(password: password, limits: limits, keyCache: nil)
    _ = try? LegacyCryptoArchive(data: data).decryptedInnerArchive(password: password)
}

func seedInputs() throws -> [String: Data] {
    let value = ["numbers": [1, 2, 3], "empty": []]
    return [
        "scrypt.enc": try strict.encode(value),
        "pbkdf2.enc": try lenient.encode(value),
        "plain.json": try FuzzJSONFormat().encode(value),
        "bytes.enc": try Data("payload".utf8).encrypted(
            password: password, keyDerivation: .scrypt(log2N: 2, r: 2, p: 1), keyCache: nil),
    ]
}
