import BaseModelKit
import Foundation

/// A test-only archive format: the magic `REV1` and then JSON with its bytes reversed. It stands
/// in for the other kits' formats (which BaseModelKit cannot import) to prove the plumbing:
/// saving in it, detecting it, and its place in the detection order.
struct ReversedJSONFormat: ArchiveFormat {
    static let magic = Data("REV1".utf8)

    var identifier: String { "reversed-json" }
    var fileExtension: String { "rev" }
    var detectionPriority: ArchiveDetectionPriority { .fastCoding }

    func encode<T: Encodable>(_ value: T) throws -> Data {
        Self.magic + Data(try JSONEncoder().encode(value).reversed())
    }

    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        guard data.starts(with: Self.magic) else { throw CocoaError(.fileReadCorruptFile) }
        return try JSONDecoder().decode(type, from: Data(data.dropFirst(Self.magic.count).reversed()))
    }

    func recognizes(_ data: Data) -> Bool {
        data.starts(with: Self.magic)
    }
}

extension ArchiveFormat where Self == ReversedJSONFormat {
    static var reversedJSON: ReversedJSONFormat { ReversedJSONFormat() }
}

/// A format that claims every input and can decode none, tried before everything else.
struct GreedyFormat: ArchiveFormat {
    struct Refused: Error, CustomStringConvertible {
        var description: String { "the greedy format refuses everything" }
    }

    var identifier: String { "greedy" }
    var fileExtension: String { "greedy" }
    var detectionPriority: ArchiveDetectionPriority { .encrypted }
    func encode<T: Encodable>(_ value: T) throws -> Data { throw Refused() }
    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T { throw Refused() }
    func recognizes(_ data: Data) -> Bool { true }
}
