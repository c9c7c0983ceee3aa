import ArchiveTestSupport
import Foundation
import HRCoderKit
import Testing

private let vectorsEnabled = ConditionTrait.enabled(
    if: SharedVectors.isAvailable, Comment(rawValue: SharedVectors.unavailableReason))

private func vector(_ name: String) throws -> Data {
    let found = try #require(SharedVectors.cases(.hrCoder).first { $0.name == name })
    return try found.archive()
}

/// The vectors' class names mapped onto the cycle models.
private func cycleRegistry() -> ClassNameRegistry {
    let registry = ClassNameRegistry()
    registry.register(CycleNode.self, as: "TreeNode")
    registry.register(CyclePerson.self, as: "Person")
    registry.register(CycleAddress.self, as: "Address")
    registry.register(CycleTemperature.self, as: "Temperature")
    registry.register(CyclePlaylist.self, as: "Playlist")
    registry.register(CycleTrack.self, as: "Track")
    return registry
}

/// HRCoder writing `format`, for the shared ``CycleScenario`` round trips and ``CycleContract``
/// checks.
private struct HRCycleCoder: CycleContractCoder {
    let format: HROutputFormat
    let deepChainLength = 2_000

    func encode<T: Encodable>(_ value: T, registry: ClassNameRegistry, maximumDepth: Int) throws -> Data {
        try HRCoder(outputFormat: format, maximumDepth: maximumDepth, registry: registry).encode(value)
    }

    func decode<T: Decodable>(
        _ type: T.Type, from data: Data, registry: ClassNameRegistry, maximumDepth: Int
    ) throws -> T {
        try HRCoder(outputFormat: format, maximumDepth: maximumDepth, registry: registry).decode(T.self, from: data)
    }
}

@Suite("Cyclic object graphs decode into class models (@Reference, TwoPhaseDecodable, awake hook)")
struct CycleTests {
    let coder = HRCoder(registry: cycleRegistry())

    // MARK: The original's files and the spec's hand-written documents

    @Test(
        "hr_cycle and hr_cycle_json: children point back at their parents ($root and children.0)",
        vectorsEnabled, arguments: ["hr_cycle", "hr_cycle_json"])
    func cycle(_ name: String) throws {
        let root = try coder.decode(CycleNode.self, from: try vector(name))
        #expect(root.name == "root")
        #expect(root.parent == nil)
        #expect(root.children.map(\.name) == ["a", "b"])
        #expect(root.children[0].parent === root)
        #expect(root.children[1].parent === root)
        #expect(root.children[0].children[0].name == "a1")
        #expect(root.children[0].children[0].parent === root.children[0])
    }

    @Test("hr_self_reference: a person who is their own best friend", vectorsEnabled)
    func selfReference() throws {
        let person = try coder.decode(CyclePerson.self, from: try vector("hr_self_reference"))
        #expect(person.name == "Narcissus")
        #expect(person.bestFriend === person)
    }

    @Test(
        "§6.1 and §6.2 with the back-pointer: the tracks' $root aliases receive the playlist",
        arguments: [HandWrittenDocumentTests.xmlPlaylist, HandWrittenDocumentTests.jsonPlaylist])
    func handWrittenRoot(_ document: String) throws {
        let playlist = try coder.decode(CyclePlaylist.self, from: Data(document.utf8))
        #expect(playlist.name == "Home")
        #expect(playlist.tracks.map(\.title) == ["Intro", "Outro"])
        #expect(playlist.tracks.allSatisfy { $0.playlist === playlist })
        #expect(playlist.featured === playlist.tracks[0])
    }

    @Test("a hand-written chain of aliases to $root resolves to the root")
    func aliasChainToRoot() throws {
        let document = """
            {"$class": "Playlist", "name": "Home", "tracks": [
                {"$class": "Track", "title": "A", "playlist": {"$alias": "tracks.1.playlist"}},
                {"$class": "Track", "title": "B", "playlist": {"$alias": "$root"}}]}
            """
        let playlist = try coder.decode(CyclePlaylist.self, from: Data(document.utf8))
        #expect(playlist.tracks.allSatisfy { $0.playlist === playlist })
    }

    @Test("the awake hook runs after an object's properties; its replacement is what the decode returns")
    func awakeReplacement() throws {
        let document = """
            [{"$class": "Temperature", "celsius": 212, "unit": "F"},
             {"$class": "Temperature", "celsius": 21.5, "unit": "C"}]
            """
        let readings = try coder.decode([CycleTemperature].self, from: Data(document.utf8))
        #expect(readings.map(\.celsius) == [100, 21.5])
        #expect(readings.map(\.unit) == ["C", "C"])
    }

    // MARK: Round trips

    @Test(
        "round trips keep back-pointers, in each of the three kinds of document",
        arguments: CycleScenario.all, HROutputFormat.allCases)
    func roundTrips(_ scenario: CycleScenario, _ format: HROutputFormat) throws {
        #expect(try scenario.run(HRCycleCoder(format: format)) == [])
    }

    @Test(
        "the cycle contract holds: depth, memory and errors, in each kind of document",
        arguments: CycleContract.all, HROutputFormat.allCases)
    func contract(_ rule: CycleContract, _ format: HROutputFormat) throws {
        #expect(try rule.run(HRCycleCoder(format: format)) == [])
    }

    // MARK: Hostile documents

    @Test("hostile documents: alias loops and aliases to every path still end with an error")
    func hostileAliases() throws {
        let child = #"{"$class": "CycleNode", "name": "c", "children": [], "parent": {"$alias": "TARGET"}}"#
        let documents =
            [
                #"{"$class": "CycleNode", "name": "r", "children": [], "parent": {"$alias": "parent"}}"#,
                #"{"$class": "CycleNode", "name": "r", "children": [{"$alias": "children.0"}]}"#,
            ]
            + ["children.0.parent", "children", "nowhere"].map { target in
                let pointing = child.replacingOccurrences(of: "TARGET", with: target)
                return #"{"$class": "CycleNode", "name": "r", "children": ["# + pointing + "]}"
            }
        for document in documents {
            #expect(throws: (any Error).self, "\(document)") {
                try HRCoder().decode(CycleNode.self, from: Data(document.utf8))
            }
        }
    }
}

/// The spec's §6 playlist with the back-pointer the original model had.
private final class CyclePlaylist: Codable {
    var name: String
    var tracks: [CycleTrack]
    var featured: CycleTrack?
}

private final class CycleTrack: Codable {
    var title: String
    @Reference var playlist: CyclePlaylist?
}
