import ArchiveTestSupport
import Foundation
import HRCoderKit
import Testing

@Suite("HRCoder as CodingCore archive formats and files")
struct ArchiveFormatTests {
    struct Note: Codable, Equatable {
        var title: String
        var body: String
    }

    @Test("the three format values have their identifiers and extensions")
    func identifiers() {
        #expect((.hrCodedXML as HRCodedFormat).identifier == "hr-xml")
        #expect((.hrCodedBinary as HRCodedFormat).identifier == "hr-binary")
        #expect((.hrCodedJSON as HRCodedFormat).identifier == "hr-json")
        #expect((.hrCodedXML as HRCodedFormat).fileExtension == "plist")
        #expect((.hrCodedJSON as HRCodedFormat).fileExtension == "json")
    }

    @Test(
        "each format recognises its own output and only that",
        arguments: [HRCodedFormat.hrCodedXML, .hrCodedBinary, .hrCodedJSON])
    func recognition(_ format: HRCodedFormat) throws {
        let others: [HRCodedFormat] = [.hrCodedXML, .hrCodedBinary, .hrCodedJSON].filter {
            $0.identifier != format.identifier
        }
        let data = try format.encode(Note(title: "t", body: "b"))
        #expect(format.recognizes(data))
        for other in others { #expect(!other.recognizes(data)) }
        #expect(try format.decode(Note.self, from: data) == Note(title: "t", body: "b"))
        let detected = ArchiveFormatDetection.format(
            of: data, among: [HRCodedFormat.hrCodedBinary, .hrCodedXML, .hrCodedJSON])
        #expect(detected?.identifier == format.identifier)
    }

    @Test("sniffing skips a byte-order mark and whitespace")
    func sniffing() {
        #expect(
            HRCodedFormat.hrCodedXML.recognizes(Data([0xEF, 0xBB, 0xBF] + Array("\n  <plist version=\"1.0\">".utf8))))
        #expect(HRCodedFormat.hrCodedJSON.recognizes(Data("  \n[1]".utf8)))
        #expect(!HRCodedFormat.hrCodedJSON.recognizes(Data("\"text\"".utf8)))
        #expect(!HRCodedFormat.hrCodedXML.recognizes(Data("<html>".utf8)))
    }

    @Test("a format wraps a configured coder: its pretty-printing, depth limit and registry apply")
    func configuredCoder() throws {
        let note = Note(title: "a", body: "b")
        var coder = HRCoder(outputFormat: .json, prettyPrinted: false)
        let compact = HRCodedFormat(coder: coder)
        #expect(compact.identifier == "hr-json")
        #expect(!String(decoding: try compact.encode(note), as: UTF8.self).contains("\n"))
        #expect(try compact.decode(Note.self, from: try compact.encode(note)) == note)

        coder.maximumDepth = 1
        #expect(throws: EncodingError.self) { try HRCodedFormat(coder: coder).encode([[1]]) }

        let registry = ClassNameRegistry()
        registry.register(Box.self, as: "RenamedBox")
        coder = HRCoder(outputFormat: .json, registry: registry)
        let renamed = String(decoding: try HRCodedFormat(coder: coder).encode(Box()), as: UTF8.self)
        #expect(renamed.contains(#""$class": "RenamedBox""#))
    }

    final class Box: Codable {
        var value = 1
    }

    @Test("archiveRootObject writes a file atomically that unarchive reads back", arguments: HROutputFormat.allCases)
    func files(_ format: HROutputFormat) throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("note.\(format)")
        try HRCoder.archiveRootObject(Note(title: "saved", body: "x"), to: file, format: format)
        #expect(try HRCoder.unarchive(Note.self, contentsOf: file) == Note(title: "saved", body: "x"))
        try HRCoder.archiveRootObject(Note(title: "replaced", body: "y"), to: file, format: format)
        #expect(try HRCoder.unarchive(Note.self, contentsOf: file).title == "replaced")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(leftovers == ["note.\(format)"])
    }

    @Test("the original's path spellings write and read the same files as the URL calls")
    func pathAliases() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("note.json")
        try HRCoder.archiveRootObject(Note(title: "by path", body: "x"), toFile: file.path, format: .json)
        #expect(try HRCoder.unarchive(Note.self, contentsOf: file).title == "by path")
        try HRCoder.archiveRootObject(Note(title: "by URL", body: "y"), to: file, format: .json)
        #expect(try HRCoder.unarchive(Note.self, fromFile: file.path).title == "by URL")
    }

    @Test("file reads refuse a file over the limit before reading it: 256 MiB by default, or as given")
    func readLimit() throws {
        let folder = try TemporaryDirectory()
        let huge = folder.file("huge.plist")
        try SpecialFiles.makeSparseFile(at: huge, size: SpecialFiles.hugeSize)
        for read in [
            { try HRCoder.unarchive(Note.self, contentsOf: huge) },
            { try HRCoder.unarchive(Note.self, fromFile: huge.path) },
            { try HRCoder().decode(Note.self, contentsOf: huge) },
        ] as [() throws -> Note] {
            let error = #expect(throws: FileReadError.self) { _ = try read() }
            #expect(error?.limit == ArchiveLimits.defaultMaximumFileSize)
            #expect(error?.size == Int(SpecialFiles.hugeSize))
        }
        let file = folder.file("note.plist")
        try HRCoder.archiveRootObject(Note(title: "small", body: "x"), to: file)
        let size = try FileContents.read(from: file).count
        #expect(throws: FileReadError.self) { try HRCoder.unarchive(Note.self, contentsOf: file, limit: size - 1) }
        #expect(try HRCoder.unarchive(Note.self, contentsOf: file, limit: size).title == "small")
    }

    @Test("ArchiveFormat.write and read go through HRCoder")
    func formatFiles() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("note.json")
        try HRCodedFormat.hrCodedCompactJSON.write(Note(title: "a", body: "b"), to: url)
        #expect(
            String(decoding: try Data(contentsOf: url), as: UTF8.self)
                == #"{"$class":"ArchiveFormatTests.Note","body":"b","title":"a"}"#)
        #expect(try HRCodedFormat.hrCodedJSON.read(Note.self, from: url) == Note(title: "a", body: "b"))
    }
}
