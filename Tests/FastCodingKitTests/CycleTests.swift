import ArchiveTestSupport
import FastCodingKit
import Foundation
import Synchronization
import Testing

private let vectorsEnabled = ConditionTrait.enabled(
    if: SharedVectors.isAvailable, Comment(rawValue: SharedVectors.unavailableReason))

private func vector(_ name: String) throws -> Data {
    let found = try #require(SharedVectors.cases(.fastCoding).first { $0.name == name })
    return try found.archive()
}

/// The vectors' class names mapped onto the cycle models.
private func cycleRegistry() -> ClassNameRegistry {
    let registry = ClassNameRegistry()
    registry.register(CycleNode.self, as: "TreeNode")
    registry.register(CyclePerson.self, as: "Person")
    registry.register(CycleAddress.self, as: "Address")
    registry.register(CycleTemperature.self, as: "Temperature")
    return registry
}

private func roundTrip<T: Codable>(_ value: T, maximumDepth: Int = ArchiveLimits.defaultMaximumDepth) throws -> T {
    let data = try FastEncoder(maximumDepth: maximumDepth).encode(value)
    return try FastDecoder(maximumDepth: maximumDepth).decode(T.self, from: data)
}

/// FastCoding with default settings, for the shared ``CycleScenario`` round trips.
private struct RoundTripper: CycleRoundTripper {
    func roundTrip<T: Codable>(_ value: T) throws -> T {
        try FastDecoder().decode(T.self, from: try FastEncoder().encode(value))
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
    let decoder = FastDecoder(registry: cycleRegistry())

    // MARK: The original's files

    @Test("object_cycle: children point back at their parents", vectorsEnabled)
    func objectCycle() throws {
        let root = try decoder.decode(CycleNode.self, from: try vector("object_cycle"))
        #expect(root.name == "root")
        #expect(root.parent == nil)
        #expect(root.children.map(\.name) == ["a", "b"])
        #expect(root.children[0].parent === root)
        #expect(root.children[1].parent === root)
        #expect(root.children[0].children[0].name == "a1")
        #expect(root.children[0].children[0].parent === root.children[0])
    }

    @Test("object_self_reference: a person who is their own best friend", vectorsEnabled)
    func selfReference() throws {
        let person = try decoder.decode(CyclePerson.self, from: try vector("object_self_reference"))
        #expect(person.name == "Narcissus")
        #expect(person.bestFriend === person)
    }

    @Test("people_graph: forward and backward best friends resolve to the people in the list", vectorsEnabled)
    func peopleGraph() throws {
        let data = try vector("people_graph")
        let people = try decoder.decode([CyclePerson].self, from: data)
        #expect(people.count == 50)
        let tree = try FastCoder.object(with: data)
        guard case let .reference(root) = tree, case let .array(items, _) = root.content else {
            Issue.record("root is not an array"); return
        }
        // Every best friend on the wire is the same instance as the person it names.
        var checked = 0
        for (index, item) in items.enumerated() {
            guard case let .reference(node) = item, case let .object(_, properties) = node.content,
                case let .reference(friend)? = properties.first(where: { $0.name == "bestFriend" })?.value,
                let friendIndex = items.firstIndex(where: {
                    if case let .reference(other) = $0 { other === friend } else { false }
                })
            else { continue }
            #expect(people[index].bestFriend === people[friendIndex])
            checked += 1
        }
        #expect(checked > 0)
    }

    @Test("object_awake_replacement: the awake hook replaces a Fahrenheit reading as the original did", vectorsEnabled)
    func awakeReplacement() throws {
        let vectorCase = try #require(SharedVectors.cases(.fastCoding).first { $0.name == "object_awake_replacement" })
        let readings = try decoder.decode([CycleTemperature].self, from: try vectorCase.archive())
        // The original's expectation: both readings in Celsius, the first converted from 212 °F.
        guard case let .array(items, _)? = try vectorCase.expectation().expect else {
            Issue.record("the expectation is not an array"); return
        }
        #expect(readings.count == items.count)
        for (reading, item) in zip(readings, items) {
            guard case let .object(_, properties) = item else { Issue.record("not an object: \(item)"); continue }
            #expect(properties.first { $0.name == "celsius" }?.value == .double(reading.celsius))
            #expect(properties.first { $0.name == "unit" }?.value == .string(reading.unit, mutable: false))
        }
        #expect(readings.map(\.celsius) == [100, 21.5])
        #expect(readings.map(\.unit) == ["C", "C"])
    }

    // MARK: Round trips

    @Test("round trips keep back-pointers", arguments: CycleScenario.all)
    func roundTrips(_ scenario: CycleScenario) throws {
        #expect(try scenario.run(RoundTripper()) == [])
    }

    @Test("@Reference writes the same bytes as a plain optional property")
    func referenceIsWrittenPlainly() throws {
        let registry = ClassNameRegistry()
        registry.register(CycleWrappedHolder.self, as: "Holder")
        registry.register(CyclePlainHolder.self, as: "Holder")
        let encoder = FastEncoder(registry: registry)
        let target = CycleFriend(name: "target")
        let wrapped = [CycleWrappedHolder(target: target), CycleWrappedHolder(target: target)]
        let plain = [CyclePlainHolder(target: target), CyclePlainHolder(target: target)]
        #expect(try encoder.encode(wrapped) == encoder.encode(plain))
    }

    // MARK: Depth and memory

    @Test("a chain 10,000 nodes deep (maximumDepth raised past the default 512)")
    func deepChain() throws {
        let result = try LargeStack.run {
            let top = CycleNode.chain(depth: 10_000)
            let copy = try roundTrip(top, maximumDepth: 50_000)
            let outcome = (copy.treeCount, copy.backPointersHold)
            CycleNode.dismantle(top)
            CycleNode.dismantle(copy)
            return outcome
        }
        #expect(result.0 == 10_000)
        #expect(result.1)
    }

    @Test("the default depth limit stops a 10,000-deep chain with an error, not a crash")
    func deepChainAtDefaultLimit() throws {
        let data = try LargeStack.run {
            let top = CycleNode.chain(depth: 10_000)
            defer { CycleNode.dismantle(top) }
            return try FastEncoder(maximumDepth: 50_000).encode(top)
        }
        #expect {
            try FastDecoder().decode(CycleNode.self, from: data)
        } throws: { error in
            guard case .nestingTooDeep(limit: 512, offset: _)? = error as? FastCodingError else { return false }
            return true
        }
    }

    @Test("a decoded cycle with weak back-pointers is freed with its last outside reference")
    func cyclesAreFreed() throws {
        let graph = CountedNode(children: [CountedNode(), CountedNode(children: [CountedNode()])])
        let data = try FastEncoder().encode(graph)
        let before = CountedNode.deinits.load(ordering: .relaxed)
        do {
            let copy = try FastDecoder().decode(CountedNode.self, from: data)
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
        let data = try FastEncoder().encode(root)
        let error = try #require(throws: DecodingError.self) { try FastDecoder().decode(Plain.self, from: data) }
        guard case let .dataCorrupted(context) = error else { Issue.record("\(error)"); return }
        #expect(context.debugDescription.hasPrefix("back-reference to Plain at 'object 0'"))
        #expect(context.codingPath.map(\.stringValue) == ["children", "Index 0", "parent"])
    }

    @Test("a back-pointer to an object of the wrong type is a type mismatch naming its coding path")
    func wrongType() throws {
        let data = try FastEncoder().encode(CycleNode(name: "root", children: [CycleNode(name: "child")]))
        let registry = ClassNameRegistry()
        registry.register(CycleMismatchNode.self, as: "CycleNode")
        let error = try #require(throws: DecodingError.self) {
            try FastDecoder(registry: registry).decode(CycleMismatchNode.self, from: data)
        }
        guard case let .typeMismatch(_, context) = error else { Issue.record("\(error)"); return }
        #expect(context.codingPath.map(\.stringValue) == ["children", "Index 0", "parent"])
    }

    @Test("a back-pointer to an object that never finished decoding is an error naming its coding path")
    func neverFinished() throws {
        let data = try FastEncoder().encode(CycleForgiving(node: CycleFailing(child: CycleLeaf())))
        let error = try #require(throws: DecodingError.self) {
            try FastDecoder().decode(CycleForgiving.self, from: data)
        }
        guard case let .dataCorrupted(context) = error else { Issue.record("\(error)"); return }
        #expect(context.debugDescription.contains("never finished decoding"))
        #expect(context.codingPath.map(\.stringValue) == ["node", "child", "owner"])
    }

    @Test("hostile archives: an alias to the object being built, at every position, still ends")
    func hostileSelfAliases() throws {
        let data = try FastEncoder().encode(CycleNode(name: "root", children: [CycleNode(name: "child")]))
        var bytes = [UInt8](data)
        for index in bytes.indices.dropFirst(fastCodingHeaderSize) {
            let saved = bytes[index]
            bytes[index] = ChunkType.objectAlias8.rawValue
            _ = try? FastDecoder().decode(CycleNode.self, from: Data(bytes))
            bytes[index] = saved
        }
    }
}

private let fastCodingHeaderSize = 16
