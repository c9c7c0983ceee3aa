import ArchiveTestSupport
import Foundation
import HRCoderKit
import Synchronization
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

private func roundTrip<T: Codable>(
    _ value: T, as format: HROutputFormat = .json, maximumDepth: Int = ArchiveLimits.defaultMaximumDepth
) throws -> T {
    let coder = HRCoder(outputFormat: format, maximumDepth: maximumDepth)
    return try coder.decode(T.self, from: try coder.encode(value))
}

/// HRCoder writing `format`, for the shared ``CycleScenario`` round trips.
private struct RoundTripper: CycleRoundTripper {
    let format: HROutputFormat

    func roundTrip<T: Codable>(_ value: T) throws -> T {
        let coder = HRCoder(outputFormat: format)
        return try coder.decode(T.self, from: try coder.encode(value))
    }
}

/// Counts its deinitialisations, to show that decoded cycles are freed.
private final class CountedNode: Codable {
    static let deinits = Atomic<Int>(0)
    var children: [CountedNode] = []
    @Reference var parent: CountedNode?

    init(children: [CountedNode] = []) {
        self.children = children
        for child in children { child.parent = self }
    }

    deinit { Self.deinits.add(1, ordering: .relaxed) }
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
        #expect(try scenario.run(RoundTripper(format: format)) == [])
    }

    @Test(
        "@Reference writes the same document as a plain optional property; an empty one is left out",
        arguments: HROutputFormat.allCases)
    func referenceIsWrittenPlainly(_ format: HROutputFormat) throws {
        let registry = ClassNameRegistry()
        registry.register(CycleWrappedHolder.self, as: "Holder")
        registry.register(CyclePlainHolder.self, as: "Holder")
        let coder = HRCoder(outputFormat: format, registry: registry)
        let target = CycleFriend(name: "target")
        let wrapped = [
            CycleWrappedHolder(target: target), CycleWrappedHolder(target: target), CycleWrappedHolder(target: nil),
        ]
        let plain = [CyclePlainHolder(target: target), CyclePlainHolder(target: target), CyclePlainHolder(target: nil)]
        #expect(try coder.encode(wrapped) == coder.encode(plain))
    }

    // MARK: Depth and memory

    @Test("a chain 2,000 nodes deep (maximumDepth raised past the default 512)")
    func deepChain() throws {
        let result = try LargeStack.run {
            let top = CycleNode.chain(depth: 2_000)
            let copy = try roundTrip(top, maximumDepth: 50_000)
            let outcome = (copy.treeCount, copy.backPointersHold)
            CycleNode.dismantle(top)
            CycleNode.dismantle(copy)
            return outcome
        }
        #expect(result.0 == 2_000)
        #expect(result.1)
    }

    @Test("the default depth limit stops a 2,000-deep chain with an error, not a crash")
    func deepChainAtDefaultLimit() throws {
        let data = try LargeStack.run {
            let top = CycleNode.chain(depth: 2_000)
            defer { CycleNode.dismantle(top) }
            return try HRCoder(outputFormat: .json, maximumDepth: 50_000).encode(top)
        }
        #expect(throws: (any Error).self) { try HRCoder().decode(CycleNode.self, from: data) }
    }

    @Test("a decoded cycle with weak back-pointers is freed with its last outside reference")
    func cyclesAreFreed() throws {
        let graph = CountedNode(children: [CountedNode(), CountedNode(children: [CountedNode()])])
        let data = try HRCoder().encode(graph)
        let before = CountedNode.deinits.load(ordering: .relaxed)
        do {
            let copy = try HRCoder().decode(CountedNode.self, from: data)
            #expect(copy.children[1].children[0].parent === copy.children[1])
        }
        #expect(CountedNode.deinits.load(ordering: .relaxed) - before == 4)
    }

    // MARK: Errors

    @Test("a model without @Reference still gets the back-reference error")
    func noOptIn() throws {
        final class Plain: Codable {
            var name = "p"
            var children: [Plain] = []
            weak var parent: Plain?
        }
        let root = Plain()
        let child = Plain()
        child.parent = root
        root.children = [child]
        let data = try HRCoder().encode(root)
        let error = try #require(throws: DecodingError.self) { try HRCoder().decode(Plain.self, from: data) }
        guard case let .dataCorrupted(context) = error else { Issue.record("\(error)"); return }
        #expect(context.debugDescription.hasPrefix("back-reference to Plain at the root"))
        #expect(context.codingPath.map(\.stringValue) == ["children", "Index 0", "parent"])
    }

    @Test("a back-pointer to an object of the wrong type is a type mismatch naming its coding path")
    func wrongType() throws {
        let data = try HRCoder().encode(CycleNode(name: "root", children: [CycleNode(name: "child")]))
        let registry = ClassNameRegistry()
        registry.register(CycleMismatchNode.self, as: "CycleNode")
        let error = try #require(throws: DecodingError.self) {
            try HRCoder(registry: registry).decode(CycleMismatchNode.self, from: data)
        }
        guard case let .typeMismatch(_, context) = error else { Issue.record("\(error)"); return }
        #expect(context.codingPath.map(\.stringValue) == ["children", "Index 0", "parent"])
    }

    @Test("a back-pointer to an object that never finished decoding is an error naming its coding path")
    func neverFinished() throws {
        let data = try HRCoder().encode(CycleForgiving(node: CycleFailing(child: CycleLeaf())))
        let error = try #require(throws: DecodingError.self) { try HRCoder().decode(CycleForgiving.self, from: data) }
        guard case let .dataCorrupted(context) = error else { Issue.record("\(error)"); return }
        #expect(context.debugDescription.contains("never finished decoding"))
        #expect(context.codingPath.map(\.stringValue) == ["node", "child", "owner"])
    }

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
