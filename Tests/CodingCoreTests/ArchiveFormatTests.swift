import ArchiveTestSupport
import CodingCore
import Foundation
import Testing

/// A small but real format for exercising the protocol's conveniences: JSON behind a 4-byte magic.
private struct MagicJSONFormat: ArchiveFormat {
    let magic: String
    var identifier: String { "magic-json-\(magic)" }
    var fileExtension: String { "mjson" }

    struct WrongMagic: Error {}

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

private struct Note: Codable, Equatable {
    var title: String
    var tags: [String]
}

@Suite("ArchiveFormat")
struct ArchiveFormatTests {
    @Test("write(_:to:) saves atomically and read(_:from:) loads the same value")
    func fileRoundTrip() throws {
        let folder = try TemporaryDirectory()
        let format = MagicJSONFormat(magic: "NOTE")
        let file = folder.file("note.\(format.fileExtension)")
        let note = Note(title: "Groceries", tags: ["home", "weekly"])
        try format.write(note, to: file)
        #expect(try format.read(Note.self, from: file) == note)
        #expect(try Data(contentsOf: file).starts(with: Data("NOTE".utf8)))
    }

    @Test("reading a missing file throws instead of returning a default")
    func readMissingFile() throws {
        let folder = try TemporaryDirectory()
        #expect(throws: (any Error).self) {
            try MagicJSONFormat(magic: "NOTE").read(Note.self, from: folder.file("absent.mjson"))
        }
    }

    @Test("detection picks the first format whose sniff accepts the bytes, or none")
    func detection() throws {
        let notes = MagicJSONFormat(magic: "NOTE"), lists = MagicJSONFormat(magic: "LIST")
        let data = try lists.encode(["a", "b"])
        let detected = ArchiveFormatDetection.format(of: data, among: [notes, lists])
        #expect(detected?.identifier == "magic-json-LIST")
        #expect(ArchiveFormatDetection.format(of: Data("????".utf8), among: [notes, lists]) == nil)
    }
}
