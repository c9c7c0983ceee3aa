import ArchiveTestSupport
import Foundation
import HRCoderKit
import Testing

@Suite("Models that evolve: missing keys, former names and decoding over a value")
struct EvolutionTests {
    static let formats: [HRCodedFormat] = [.hrCodedXML, .hrCodedJSON, .hrCodedBinary]

    @Test(
        "the evolution contract holds in each of the three kinds of document",
        arguments: EvolutionContract.all, HROutputFormat.allCases)
    func contract(_ rule: EvolutionContract, _ kind: HROutputFormat) throws {
        #expect(try rule.run(HRCodedFormat(kind)) == [])
    }

    // MARK: Decoding over a value

    @Test("HRCoder decodes bytes over a value: the root's missing keys keep the value's", arguments: formats)
    func decodeOverBytes(_ format: HRCodedFormat) throws {
        let data = try format.coder.encode(["theme": "dark"])
        let layered = try HRCoder().decode(HandEditedSettings.self, from: data, over: Self.base)
        #expect(layered.theme == "dark")
        #expect(layered.fontSize == 20)
        #expect(layered.recentFiles == ["a.txt"])
        #expect(layered.accent == Self.base.accent)
        #expect(layered.nickname == nil)
        #expect(try format.decode(HandEditedSettings.self, from: data, over: Self.base).fontSize == 20)
    }

    @Test("a nested value the document holds is decoded whole: its missing keys take its type's defaults")
    func nestedValuesAreWhole() throws {
        let document = #"{"accent": {"red": 1}}"#
        let layered = try HRCoder().decode(HandEditedSettings.self, from: Data(document.utf8), over: Self.base)
        #expect(layered.accent == HandEditedColor(red: 1, green: 0.4, blue: 0.8))
        #expect(layered.fontSize == 20)
    }

    @Test("HRCoder decodes a tree and a file over a value")
    func decodeOverTreeAndFile() throws {
        let tree = HRValue.dictionary(["fontSize": .integer(9)])
        let fromTree = try HRCoder().decode(HandEditedSettings.self, fromTree: tree, over: Self.base)
        #expect(fromTree.fontSize == 9 && fromTree.theme == "sepia")

        let folder = try TemporaryDirectory()
        let url = folder.file("settings.plist")
        try HRCoder().encode(["showsToolbar": false], to: url)
        let fromFile = try HRCoder().decode(HandEditedSettings.self, contentsOf: url, over: Self.base)
        #expect(!fromFile.showsToolbar && fromFile.theme == "sepia" && fromFile.fontSize == 20)
        #expect(throws: FileReadError.self) {
            try HRCoder().decode(HandEditedSettings.self, contentsOf: folder.file("missing.plist"), over: Self.base)
        }
    }

    @Test("a type without Evolvable decodes over a value too; without it a missing key is an error")
    func layeringWithoutContract() throws {
        struct Plain: Codable, Equatable {
            var name: String
            var size: Int
        }
        let data = try HRCoder(outputFormat: .json).encode(["name": "new"])
        let layered = try HRCoder().decode(Plain.self, from: data, over: Plain(name: "old", size: 3))
        #expect(layered == Plain(name: "new", size: 3))
        #expect(throws: DecodingError.self) { try HRCoder().decode(Plain.self, from: data) }
    }

    static let base: HandEditedSettings = {
        var settings = HandEditedSettings()
        settings.theme = "sepia"
        settings.fontSize = 20
        settings.recentFiles = ["a.txt"]
        settings.accent.red = 0.9
        settings.nickname = "from base"
        return settings
    }()

    // MARK: Aliases

    @Test("an object with a missing key referred to again by $alias stays one object", arguments: formats)
    func aliasedObjectWithDefaults(_ format: HRCodedFormat) throws {
        let document = #"[{"name": "a"}, {"$alias": "0"}, {"$alias": "0"}]"#
        let data = try format.coder.serialize(try HRCoder().parse(Data(document.utf8)))
        let boxes = try format.decode([EvolvingBox].self, from: data)
        #expect(boxes.count == 3)
        #expect(boxes.allSatisfy { $0 === boxes[0] })
        #expect(boxes[2].name == "a" && boxes[2].score == 7 && boxes[2].labels == ["new"])
    }

    @Test("a forward alias to an object with a missing key receives the object the document holds")
    func forwardAliasWithDefaults() throws {
        let document = #"{"first": {"$alias": "second"}, "second": {"name": "b"}}"#
        let boxes = try HRCoder().decode([String: EvolvingBox].self, from: Data(document.utf8))
        #expect(boxes["first"] === boxes["second"])
        #expect(boxes["first"]?.score == 7)
    }

    @Test("a struct with a missing key read through aliases has the same default-filled values")
    func aliasedStructWithDefaults() throws {
        let document = #"[{"x": 3}, {"$alias": "0"}, {"$alias": "0"}, {"x": 4, "score": 1}]"#
        let points = try HRCoder().decode([EvolvingPoint].self, from: Data(document.utf8))
        let filled = EvolvingPoint(x: 3, score: 7, labels: ["new"])
        #expect(points == [filled, filled, filled, EvolvingPoint(x: 4, score: 1, labels: ["new"])])
    }

    @Test("a default is not part of the document: an alias to a missing key's path is an error")
    func aliasToDefaultIsAnError() throws {
        let document = #"[{"name": "a"}, {"$alias": "0.score"}]"#
        struct Pair: Decodable {
            var box: EvolvingBox
            var score: Int
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                box = try container.decode(EvolvingBox.self)
                score = try container.decode(Int.self)
            }
        }
        let error = try #require(throws: DecodingError.self) {
            try HRCoder().decode(Pair.self, from: Data(document.utf8))
        }
        #expect("\(error)".contains("points to '0.score', which is not a key path in this document"))
    }

    @Test(
        "an object read under a former name is the object the document's aliases name",
        arguments: formats)
    func formerNameUnderAliases(_ format: HRCodedFormat) throws {
        let forward = #"{"owner": {"name": "o"}, "lead": {"$alias": "owner"}}"#
        let data = try format.coder.serialize(try HRCoder().parse(Data(forward.utf8)))
        let first = try format.decode(RenamedBoxFirstAlias.self, from: data)
        #expect(first.lead === first.boss)
        #expect(first.boss.name == "o" && first.boss.score == 7)
        let later = try format.decode(RenamedBoxLaterAlias.self, from: data)
        #expect(later.lead === later.boss)
        #expect(later.memo == nil)
    }

    @Test("an alias into a value read under a former name, and an optional read under one")
    func aliasIntoFormerName() throws {
        let document = """
            {"owner": {"name": "o", "labels": ["x", "y"]},
             "lead": {"name": "l", "labels": {"$alias": "owner.labels"}},
             "notes": "kept"}
            """
        let holder = try HRCoder().decode(RenamedBoxLaterAlias.self, from: Data(document.utf8))
        #expect(holder.lead?.labels == ["x", "y"])
        #expect(holder.memo == "kept")
        #expect(holder.boss.name == "o")
    }

    @Test("a value read under a former name keeps the current key in coding paths")
    func formerNameCodingPath() throws {
        let document = #"{"owner": {"name": 5}}"#
        let error = try #require(throws: DecodingError.self) {
            try HRCoder().decode(RenamedBoxLaterAlias.self, from: Data(document.utf8))
        }
        guard case let .typeMismatch(_, context) = error else { Issue.record("\(error)"); return }
        #expect(context.codingPath.map(\.stringValue) == ["boss", "name"])
        #expect(context.debugDescription.contains("'owner.name'"))
    }

    @Test("a tall default reused through an alias far down is refused at the depth limit")
    func tallDefaultThroughAlias() throws {
        // The holder is first decoded (and cached) through the shallow alias, then reused deep down.
        var deep = #"{"holder": {"$alias": "source"}}"#
        for _ in 0..<25 { deep = #"{"next": "# + deep + "}" }
        let document = #"{"shallow": {"holder": {"$alias": "source"}}, "source": {"name": "s"}, "deep": "# + deep + "}"
        struct Root: Decodable {
            var shallow: NestingLevel
            var deep: NestingLevel
        }
        let coder = HRCoder(maximumDepth: 40)
        let error = try #require(throws: DecodingError.self) { try coder.decode(Root.self, from: Data(document.utf8)) }
        #expect("\(error)".contains("deeper than the limit of 40"))
        // The shallow use alone fits.
        let shallow = #"{"shallow": {"holder": {"$alias": "source"}}, "source": {"name": "s"}, "deep": {}}"#
        let root = try coder.decode(Root.self, from: Data(shallow.utf8))
        #expect(root.shallow.holder?.tall.inner.count == 1)
    }

    // MARK: Hostile documents

    @Test("aliases repeating a struct whose heavy default is missing stop at the expansion budget")
    func heavyDefaultThroughAliases() throws {
        let aliases = Array(repeating: #"{"$alias": "0"}"#, count: 300).joined(separator: ",")
        let document = #"[{"name": "a"}, "# + aliases + "]"
        let error = try #require(throws: DecodingError.self) {
            try HRCoder().decode([HeavyDefaultRecord].self, from: Data(document.utf8))
        }
        #expect("\(error)".contains("the document expands to more than"))
        let single = try HRCoder().decode([HeavyDefaultRecord].self, from: Data(#"[{"name": "a"}]"#.utf8))
        #expect(single.first?.table.count == 10_000)
    }

    @Test("many records each lacking a heavy default stop at the expansion budget, naming the defaults")
    func heavyDefaultsPerRecord() throws {
        let records = Array(repeating: #"{"name": "a"}"#, count: 300).joined(separator: ",")
        let error = try #require(throws: DecodingError.self) {
            try HRCoder().decode([HeavyDefaultRecord].self, from: Data("[\(records)]".utf8))
        }
        #expect("\(error)".contains("through the defaults of missing keys"))
    }

    @Test("aliases to one object whose heavy default is missing share it, decoded once")
    func heavyDefaultObjectShared() throws {
        let aliases = Array(repeating: #"{"$alias": "0"}"#, count: 2_000).joined(separator: ",")
        let document = #"[{"name": "a"}, "# + aliases + "]"
        let objects = try HRCoder().decode([HeavyDefaultObject].self, from: Data(document.utf8))
        #expect(objects.count == 2_001)
        #expect(objects.allSatisfy { $0 === objects[0] })
        #expect(objects[0].table.count == 10_000)
    }

    // MARK: Containers coded by hand

    @Test("missing nested keyed and unkeyed containers and super decoder keys take their defaults")
    func handCodedContainers() throws {
        let window = try HRCoder().decode(HandCodedWindow.self, from: Data(#"{"title": "Inbox"}"#.utf8))
        #expect(window.title == "Inbox")
        #expect(window.width == 640 && window.height == 480)
        #expect(window.margins == [8, 8])
        #expect(window.base == HandCodedBase())

        let complete = try HRCoder(outputFormat: .json).encode(window)
        #expect(try HRCoder().decode(HandCodedWindow.self, from: complete).width == 640)
        // A nested container's own missing keys are not the type's: still an error.
        let partialFrame = #"{"title": "Inbox", "frame": {"width": 1}}"#
        let error = try #require(throws: DecodingError.self) {
            try HRCoder().decode(HandCodedWindow.self, from: Data(partialFrame.utf8))
        }
        guard case let .keyNotFound(key, _) = error else { Issue.record("\(error)"); return }
        #expect(key.stringValue == "height")
    }

    @Test("a two-phase class with a missing key is filled, and its files' back-pointers reach it")
    func twoPhaseWithDefaults() throws {
        let document = """
            {"name": "docs", "files": [
                {"title": "a", "folder": {"$alias": "$root"}},
                {"title": "b", "folder": {"$alias": "$root"}}]}
            """
        let folder = try HRCoder().decode(EvolvingFolder.self, from: Data(document.utf8))
        #expect(folder.color == "blue")
        #expect(folder.files.map(\.size) == [1, 1])
        #expect(folder.files.allSatisfy { $0.folder === folder })
    }
}
