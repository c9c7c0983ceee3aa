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

/// A format that claims every input, at a chosen place in the detection order.
private struct GreedyFormat: ArchiveFormat {
    let identifier: String
    let detectionPriority: ArchiveDetectionPriority
    var fileExtension: String { "bin" }
    func encode<T: Encodable>(_ value: T) throws -> Data { Data() }
    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T { throw CocoaError(.coderReadCorrupt) }
    func recognizes(_ data: Data) -> Bool { true }
}

/// A format whose files hold secrets: the MagicJSON bytes, marked as secret.
private struct SecretMagicJSONFormat: ArchiveFormat {
    let plain = MagicJSONFormat(magic: "SECR")
    var identifier: String { "secret-magic-json" }
    var fileExtension: String { "secret" }
    var holdsSecrets: Bool { true }
    func encode<T: Encodable>(_ value: T) throws -> Data { try plain.encode(value) }
    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T { try plain.decode(type, from: data) }
    func recognizes(_ data: Data) -> Bool { plain.recognizes(data) }
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

    @Test("files of a format that holds secrets are written 0600, others 0644 (or as they were)")
    func secretFilePermissions() throws {
        let folder = try TemporaryDirectory()
        let note = Note(title: "PIN", tags: [])
        func mode(_ url: URL) throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        }
        #expect(MagicJSONFormat(magic: "NOTE").holdsSecrets == false)
        let plain = folder.file("plain.mjson"), secret = folder.file("secret.secret")
        try MagicJSONFormat(magic: "NOTE").write(note, to: plain)
        #expect(try mode(plain) == 0o644)
        try SecretMagicJSONFormat().write(note, to: secret)
        #expect(try mode(secret) == 0o600)
        // A secrets file made readable by others before is made private again on the next write.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: secret.path)
        try SecretMagicJSONFormat().write(note, to: secret)
        #expect(try mode(secret) == 0o600)
        #expect(try SecretMagicJSONFormat().read(Note.self, from: secret) == note)
    }

    @Test("read(_:from:) refuses a file over the default limit, or over a given one, before reading it")
    func readLimit() throws {
        let folder = try TemporaryDirectory()
        let format = MagicJSONFormat(magic: "NOTE")
        let huge = folder.file("huge.mjson")
        try SpecialFiles.makeSparseFile(at: huge, size: SpecialFiles.hugeSize)
        let error = #expect(throws: FileReadError.self) { try format.read(Note.self, from: huge) }
        #expect(error?.limit == ArchiveLimits.defaultMaximumFileSize)
        #expect(error?.size == Int(SpecialFiles.hugeSize))

        let small = folder.file("small.mjson")
        let note = Note(title: "t", tags: [])
        try format.write(note, to: small)
        let size = try FileContents.read(from: small).count
        #expect(throws: FileReadError(path: small.path, limit: size - 1, size: size)) {
            try format.read(Note.self, from: small, limit: size - 1)
        }
        #expect(try format.read(Note.self, from: small, limit: size) == note)
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

    @Test("detection follows encrypted → fastcoding → keyed → hr-* → plain, whatever the candidates' order")
    func detectionOrder() {
        let candidates: [any ArchiveFormat] = [
            GreedyFormat(identifier: "plain", detectionPriority: .plain),
            GreedyFormat(identifier: "hr", detectionPriority: .humanReadable),
            GreedyFormat(identifier: "keyed", detectionPriority: .keyedArchive),
            GreedyFormat(identifier: "fast", detectionPriority: .fastCoding),
            GreedyFormat(identifier: "encrypted", detectionPriority: .encrypted),
        ]
        #expect(
            ArchiveFormatDetection.ordered(candidates).map(\.identifier) == [
                "encrypted", "fast", "keyed", "hr", "plain",
            ])
        #expect(ArchiveFormatDetection.format(of: Data([1]), among: candidates)?.identifier == "encrypted")
        #expect(ArchiveFormatDetection.format(of: Data([1]), among: Array(candidates.prefix(3)))?.identifier == "keyed")
    }

    @Test("formats that do not say where they stand are plain, and keep their given order")
    func defaultPriorityIsPlain() {
        #expect(MagicJSONFormat(magic: "NOTE").detectionPriority == .plain)
        let first = MagicJSONFormat(magic: "AAAA"), second = MagicJSONFormat(magic: "BBBB")
        #expect(
            ArchiveFormatDetection.ordered([second, first]).map(\.identifier) == ["magic-json-BBBB", "magic-json-AAAA"])
    }
}
