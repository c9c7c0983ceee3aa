import ArchiveTestSupport
import BaseModelKit
import Foundation
import Testing

@Suite("Formats: the built-ins, any ArchiveFormat as a model's format, detection order")
struct ArchiveFormatTests {
    @Test("the built-in formats' identifiers, extensions and sniffs")
    func builtIns() throws {
        let xml = PropertyListArchiveFormat.propertyList(.xml)
        let binary = PropertyListArchiveFormat.propertyList(.binary)
        let json = JSONArchiveFormat.json
        #expect([xml.identifier, binary.identifier, json.identifier] == ["plist-xml", "plist-binary", "json"])
        #expect([xml.fileExtension, binary.fileExtension, json.fileExtension] == ["plist", "plist", "json"])
        let note = Note()
        #expect(xml.recognizes(try xml.encode(note)))
        #expect(!xml.recognizes(try binary.encode(note)))
        #expect(binary.recognizes(try binary.encode(note)))
        #expect(json.recognizes(try json.encode(note)))
        #expect(json.recognizes(Data("\u{FEFF}  \n [1]".utf8)))
        #expect(xml.recognizes(Data("\n<plist version=\"1.0\"><dict/></plist>".utf8)))
        #expect(!json.recognizes(Data()))
        #expect(!binary.recognizes(Data("bplist".utf8)))
    }

    @Test("the default save format is the binary property list")
    func defaultFormat() {
        #expect(Note.saveFormat.identifier == "plist-binary")
    }

    @Test("a format the model does not list is not read; listing it in readableFormats is enough")
    func readableFormats() throws {
        final class Reader: TestModel {
            static var readableFormats: [any ArchiveFormat] { [.reversedJSON] }
            var text = ""
            init() {}
        }
        let folder = try TemporaryDirectory()
        let writer = Note()
        writer.title = "in another format"
        let url = folder.file("note.rev")
        try writer.write(to: url, format: .reversedJSON)
        let error = try #require(throws: BaseModelError.self) { try Note.instance(contentsOf: url) }
        #expect(error.description.contains("list its format in readableFormats"))

        let reader = Reader()
        reader.text = "readable"
        try reader.write(to: url, format: .reversedJSON)
        #expect(try Reader.instance(contentsOf: url).text == "readable")
        #expect(Reader.detectableFormats.map(\.identifier) == ["plist-binary", "reversed-json", "plist-xml", "json"])
    }

    @Test("detection tries specific formats first, whatever order the model lists them in")
    func detectionOrder() throws {
        final class Greedy: TestModel {
            static var readableFormats: [any ArchiveFormat] { [.json, GreedyFormat()] }
            var text = ""
            init() {}
        }
        let folder = try TemporaryDirectory()
        let url = folder.file("plain.json")
        try Data(#"{"text": "plain"}"#.utf8).write(to: url)
        // The greedy format (priority .encrypted) claims the file before JSON does, and refuses it.
        let error = try #require(throws: BaseModelError.self) { try Greedy.instance(contentsOf: url) }
        #expect(error.description.contains("as greedy: the greedy format refuses everything"))
    }

    @Test("used directly, the formats fill missing keys of Evolvable types only, as any kit's format does")
    func directDecoding() throws {
        struct Strict: Codable {
            var title: String
            var count: Int
        }
        let data = Data(#"{"title": "only a title"}"#.utf8)
        for format in [JSONArchiveFormat.json] as [any ArchiveFormat] {
            #expect(throws: DecodingError.self) { try format.decode(Strict.self, from: data) }
            let note = try format.decode(Note.self, from: data)
            #expect(note.title == "only a title" && note.count == 0)
        }
        let plist = try PropertyListSerialization.data(
            fromPropertyList: ["title": "only a title"], format: .binary, options: 0)
        #expect(throws: DecodingError.self) { try PropertyListArchiveFormat(.binary).decode(Strict.self, from: plist) }
        #expect(try PropertyListArchiveFormat(.binary).decode(Note.self, from: plist).count == 0)
        #expect(try Note.instance(decoding: data).title == "only a title")
    }
}
