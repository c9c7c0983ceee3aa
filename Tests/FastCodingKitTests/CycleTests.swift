import ArchiveTestSupport
import FastCodingKit
import Foundation
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

/// FastCoding, for the shared ``CycleScenario`` round trips and ``CycleContract`` checks.
private struct FastCycleCoder: CycleContractCoder {
    let deepChainLength = 10_000

    func encode<T: Encodable>(_ value: T, registry: ClassNameRegistry, maximumDepth: Int) throws -> Data {
        try FastEncoder(registry: registry, maximumDepth: maximumDepth).encode(value)
    }

    func decode<T: Decodable>(
        _ type: T.Type, from data: Data, registry: ClassNameRegistry, maximumDepth: Int
    ) throws -> T {
        try FastDecoder(registry: registry, maximumDepth: maximumDepth).decode(T.self, from: data)
    }
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
        #expect(try scenario.run(FastCycleCoder()) == [])
    }

    @Test("the cycle contract holds: depth, memory and errors", arguments: CycleContract.all)
    func contract(_ rule: CycleContract) throws {
        #expect(try rule.run(FastCycleCoder()) == [])
    }

    // MARK: Hostile archives

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
