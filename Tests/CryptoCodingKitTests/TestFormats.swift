import CryptoCodingKit
import Foundation

/// Small but real inner formats (the kit cannot import the others): JSON behind a magic, and a
/// binary property list.
struct MagicJSONFormat: ArchiveFormat {
    struct WrongMagic: Error {}

    var magic = "JSN1"
    var identifier: String { "test-json" }
    var fileExtension: String { "tjson" }

    func encode<T: Encodable>(_ value: T) throws -> Data {
        Data(magic.utf8) + (try JSONEncoder().encode(value))
    }

    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        guard recognizes(data) else { throw WrongMagic() }
        return try JSONDecoder().decode(type, from: data.dropFirst(magic.utf8.count))
    }

    func recognizes(_ data: Data) -> Bool {
        data.starts(with: Data(magic.utf8))
    }
}

struct BinaryPlistFormat: ArchiveFormat {
    var identifier: String { "test-bplist" }
    var fileExtension: String { "plist" }

    func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        return try encoder.encode(value)
    }

    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try PropertyListDecoder().decode(type, from: data)
    }

    func recognizes(_ data: Data) -> Bool {
        data.starts(with: Data("bplist00".utf8))
    }
}

extension ArchiveFormat where Self == MagicJSONFormat {
    static var testJSON: MagicJSONFormat { MagicJSONFormat() }
}

extension ArchiveFormat where Self == BinaryPlistFormat {
    static var testBinaryPlist: BinaryPlistFormat { BinaryPlistFormat() }
}

/// A model with the kinds of values archives carry.
struct Note: Codable, Equatable {
    var title: String
    var tags: [String]
    var attachment: Data
    var created: Date
}

enum Samples {
    static let note = Note(
        title: "Groceries — ½ price", tags: ["home", "weekly"], attachment: Data([0, 1, 2, 255]),
        created: Date(timeIntervalSinceReferenceDate: 700_000_000)
    )

    /// scrypt N = 16, r = 1, p = 1: fast, for tests that are not about the default cost.
    static let cheapKDF = KeyDerivation.scrypt(log2N: 4, r: 1, p: 1)

    /// Caps tight enough that no header a test corrupts can start an expensive key derivation.
    static let tightLimits = KeyDerivationLimits(
        maximumScryptMemory: 1 << 16, maximumScryptWork: 1 << 10, maximumPBKDF2Iterations: 5_000)

    /// An encrypted format with cheap parameters and its own cache.
    static func format(
        _ inner: some ArchiveFormat = MagicJSONFormat(),
        password: String = "correct horse battery staple",
        keyDerivation: KeyDerivation = cheapKDF,
        cache: EncryptionKeyCache? = EncryptionKeyCache(),
        allowsPlainArchives: Bool = false
    ) -> EncryptedFormat {
        EncryptedFormat(
            inner: inner, password: password, keyDerivation: keyDerivation, limits: tightLimits,
            keyCache: cache, allowsPlainArchives: allowsPlainArchives)
    }
}

extension Data {
    init(hex: String) {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        self.init(bytes)
    }

    var hex: String { map { String(format: "%02x", $0) }.joined() }
}
