import ArchiveTestSupport
import AutoCodingKit
import Foundation
import Testing

@Suite("Models that evolve: keyed archives of older models decode into newer ones")
struct EvolutionTests {
    static let formats: [KeyedArchiveFormat] = [.keyedArchive, .keyedArchiveXML]

    /// Folders of both versions under one name.
    static let folders: ClassNameRegistry = {
        let registry = ClassNameRegistry()
        registry.register(FolderV1.self, as: "Folder")
        registry.register(EvolvingFolder.self, as: "Folder")
        return registry
    }()

    @Test("the evolution contract holds, binary and XML", arguments: EvolutionContract.all, formats)
    func contract(_ rule: EvolutionContract, _ format: KeyedArchiveFormat) throws {
        #expect(try rule.run(format) == [])
    }

    @Test("KeyedUnarchiver decodes data and files over a value, binary and XML", arguments: formats)
    func unarchiverOverBase(_ format: KeyedArchiveFormat) throws {
        var base = EvolutionDocumentV2()
        base.fontSize = 30
        base.subtitle = "from base"
        base.layout.columns = 5
        let data = try format.encode(EvolutionNamedV1(name: "from file"))
        let folder = try TemporaryDirectory()
        let url = folder.url.appendingPathComponent("document.plist")
        try data.write(to: url)
        for layered in [
            try KeyedUnarchiver.unarchive(EvolutionDocumentV2.self, from: data, over: base),
            try KeyedUnarchiver.unarchive(EvolutionDocumentV2.self, contentsOf: url, over: base),
            try KeyedArchiveDecoder().decode(EvolutionDocumentV2.self, from: data, over: base),
        ] {
            #expect(layered.name == "from file")
            #expect(layered.fontSize == 30)
            #expect(layered.layout.columns == 5)
            #expect(layered.subtitle == nil)
        }
        #expect(throws: FileReadError.self) {
            try KeyedUnarchiver.unarchive(EvolutionDocumentV2.self, contentsOf: url, over: base, limit: data.count - 1)
        }
    }

    @Test("the value decoded over is encoded only when a root key is missing")
    func baseEncodedWhenNeeded() throws {
        var base = RefusingDocument()
        base.refuses = true
        let complete = try KeyedArchiver.archivedData(withRootObject: SizedDocumentV1(name: "file", size: 4))
        let decoded = try KeyedUnarchiver.unarchive(RefusingDocument.self, from: complete, over: base)
        #expect(decoded.name == "file" && decoded.size == 4)
        let partial = try KeyedArchiver.archivedData(withRootObject: EvolutionNamedV1(name: "file"))
        let error = try #require(throws: DecodingError.self) {
            try KeyedUnarchiver.unarchive(RefusingDocument.self, from: partial, over: base)
        }
        #expect("\(error)".contains("cannot decode over the given RefusingDocument"), "\(error)")
        var accepted = base
        accepted.refuses = false
        accepted.size = 9
        #expect(try KeyedUnarchiver.unarchive(RefusingDocument.self, from: partial, over: accepted).size == 9)
    }

    @Test("an instance with a missing key that several UIDs name is decoded once", arguments: formats)
    func sharedInstanceStaysOne(_ format: KeyedArchiveFormat) throws {
        EvolutionModels.register()
        let document = try format.decode(EvolutionDocumentV2.self, from: format.encode(EvolutionDocumentV1()))
        #expect(document.lead === document.members.first)
        #expect(document.members.map(\.role) == ["member", "member"])
    }

    @Test("10,000 UIDs to one object lacking a heavy key: an instance is filled once, a struct hits the budget")
    func manyReferencesToAnObjectWithMissingKeys() throws {
        typealias H = HostileArchives
        let data = H.archive(objects: [
            H.object(
                H.field("NS.objects", "<array>" + String(repeating: H.uid(2), count: 10_000) + "</array>"), classUID: 5),
            H.object(H.field("name", H.uid(3)), classUID: 4),
            "<string>note</string>",
            H.classDescription("HeavyNoteObject"),
            H.classDescription("NSArray"),
        ])
        let notes = try KeyedUnarchiver.unarchive([HeavyNoteObject].self, from: data)
        #expect(notes.count == 10_000)
        #expect(Set(notes.map(ObjectIdentifier.init)).count == 1)
        #expect(notes.first?.table.count == 50_000)
        let error = try #require(throws: DecodingError.self) {
            try KeyedUnarchiver.unarchive([EvolutionHeavyV2].self, from: data)
        }
        #expect("\(error)".contains("expands to more than"), "\(error)")
    }

    @Test("a TwoPhaseDecodable class gains its added keys, its children pointing back at it", arguments: formats)
    func twoPhaseClass(_ format: KeyedArchiveFormat) throws {
        let root = FolderV1(name: "root")
        root.adopt(FolderV1(name: "child"))
        let encoder = KeyedArchiveEncoder(registry: Self.folders, outputFormat: format.encoder.outputFormat)
        let data = try encoder.encode(root)
        let folder = try KeyedArchiveDecoder(registry: Self.folders).decode(EvolvingFolder.self, from: data)
        #expect(folder.color == "blue")
        #expect(folder.children.map(\.name) == ["child"])
        #expect(folder.children.map(\.color) == ["blue"])
        #expect(folder.children.first?.parent === folder)
    }

    @Test("keys the type no longer has stay in the untyped graph", arguments: formats)
    func removedKeysInTheGraph(_ format: KeyedArchiveFormat) throws {
        EvolutionModels.register()
        let data = try format.encode(EvolutionDocumentV1())
        #expect(try format.decode(EvolutionTrimmedV2.self, from: data).name == "Groceries")
        let graph = try KeyedUnarchiver.objectGraph(from: data)
        guard case .object(let id) = graph.root, case .instance(_, _, let properties)? = graph[id] else {
            Issue.record("the root is not an instance: \(graph.root)")
            return
        }
        let keys = Set(properties.map(\.key))
        #expect(keys.isSuperset(of: ["name", "label", "legacyCount", "obsolete", "notes", "owner"]), "\(keys)")
    }

    @Test("an Evolvable AutoModel reads version 1 files and dictionaries, and deep-copies")
    func autoModel() throws {
        let folder = try TemporaryDirectory()
        let url = folder.url.appendingPathComponent("settings.plist")
        try KeyedArchiver.archiveRootObject(SettingsV1(theme: "dark"), to: url)
        let settings = try EvolvingSettings(keyedArchiveAt: url)
        #expect(settings.theme == "dark" && settings.fontSize == 12 && settings.recent == [])
        #expect(try settings.deepCopy() == settings)
        let restored = try EvolvingSettings(propertyValues: ["recent": ["a.txt"]])
        #expect(restored.theme == "light" && restored.fontSize == 12 && restored.recent == ["a.txt"])
        #expect(throws: DecodingError.self) { try EvolvingSettings(propertyValues: ["fontSize": "large"]) }
    }
}
