import BaseModelKit
import Foundation

/// A test-only stand-in for an encrypted format (which BaseModelKit cannot import): the magic
/// `SEAL` and then JSON, a format whose files hold secrets and that is detected first.
struct SealedFormat: ArchiveFormat {
    static let magic = Data("SEAL".utf8)

    var identifier: String { "sealed-json" }
    var fileExtension: String { "sealed" }
    var detectionPriority: ArchiveDetectionPriority { .encrypted }
    var holdsSecrets: Bool { true }

    func encode<T: Encodable>(_ value: T) throws -> Data {
        Self.magic + (try JSONEncoder().encode(value))
    }

    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        guard data.starts(with: Self.magic) else { throw CocoaError(.fileReadCorruptFile) }
        return try JSONDecoder().decode(type, from: Data(data.dropFirst(Self.magic.count)))
    }

    func recognizes(_ data: Data) -> Bool {
        data.starts(with: Self.magic)
    }
}
