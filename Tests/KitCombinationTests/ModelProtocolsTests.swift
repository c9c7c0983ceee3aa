import AutoCodingKit
import BaseModelKit
import Foundation
import Testing

/// A model that adopts both kits' model protocols: their members must not collide.
private final class Note: AutoModel, BaseModel {
    static var readableFormats: [any ArchiveFormat] { [.keyedArchive] }
    var title = ""
    var tags: [String] = []
    init() {}
}

@Suite("AutoModel and BaseModel on one type")
struct ModelProtocolsTests {
    @Test("each protocol's members are reachable without ambiguity")
    func bothProtocolsCompose() throws {
        let note = try #require(try Note.instance(with: ["title": "Groceries", "tags": ["home"]]))
        #expect(note.title == "Groceries")
        #expect(note.dictionaryRepresentation["title"] as? String == "Groceries")
        #expect(note.propertyValues["tags"] as? [String] == ["home"])

        let copy = try note.deepCopy()
        #expect(copy == note)
        #expect(copy !== note)
        #expect(copy.hashValue == note.hashValue)
        #expect(note.description.contains("Groceries"))
        #expect(note.debugDescription.contains("Groceries"))
    }

    @Test("a model adopting both saves as a keyed archive through BaseModel's plumbing")
    func keyedArchiveThroughBaseModel() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kit-combination-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let note = Note()
        note.title = "Keyed"
        let file = folder.appendingPathComponent("note.keyed")
        try note.write(to: file, format: .keyedArchive)
        #expect(try Data(contentsOf: file).starts(with: Data("bplist00".utf8)))
        // A keyed archive is also a binary plist: detection must try .keyedArchive before the plain one.
        #expect(try Note.instance(contentsOf: file).title == "Keyed")
    }
}
