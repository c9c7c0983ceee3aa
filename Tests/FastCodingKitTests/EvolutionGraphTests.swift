import ArchiveTestSupport
import FastCodingKit
import Foundation
import Testing

/// Registries mapping one archive name to the version 1 and version 2 of a class.
private func registries<Old: AnyObject & Codable, New: AnyObject & Codable>(
    _ name: String, _ old: Old.Type, _ new: New.Type
) -> (writing: ClassNameRegistry, reading: ClassNameRegistry) {
    let writing = ClassNameRegistry()
    writing.register(old, as: name)
    let reading = ClassNameRegistry()
    reading.register(new, as: name)
    return (writing, reading)
}

/// An archive of `count` records, all one object node (the first written in full, the rest
/// object aliases to it), with the class name `className` and a `title`.
private func aliasedRecords(_ count: Int, className: String) throws -> Data {
    let record = FastValue.reference(
        FastReference(.object(className: className, properties: [FastProperty("title", .string("shared"))])))
    return try FastCoder.data(
        with: .reference(FastReference(.array(Array(repeating: record, count: count), mutable: false))))
}

@Suite("Missing keys in object graphs: shared objects, two-phase classes, hostile aliases")
struct EvolutionGraphTests {
    @Test("an object whose missing key's default is a class, met again through an alias, stays one object")
    func aliasedObjectWithClassDefault() throws {
        let (writing, reading) = registries("Task", TaskV1.self, TaskV2.self)
        let shared = TaskV1(title: "shared")
        let data = try FastEncoder(registry: writing).encode([shared, TaskV1(title: "other"), shared])
        let tasks = try FastDecoder(registry: reading).decode([TaskV2].self, from: data)
        #expect(tasks.map(\.title) == ["shared", "other", "shared"])
        #expect(tasks[0] === tasks[2])
        #expect(tasks[0].reminder === tasks[2].reminder)
        #expect(tasks[0].reminder !== tasks[1].reminder)
        #expect(tasks.allSatisfy { $0.reminder.minutes == 15 })
    }

    @Test("a two-phase class gains its added keys, and its files still point back at it")
    func twoPhaseClass() throws {
        let writing = ClassNameRegistry()
        let reading = ClassNameRegistry()
        reading.register(EvolvedFolder.self, as: "TwoPhaseFolder")
        reading.register(EvolvedFile.self, as: "TwoPhaseFile")
        let data = try FastEncoder(registry: writing).encode(TwoPhaseFolder(name: "docs", files: ["a", "b"]))
        let folder = try FastDecoder(registry: reading).decode(EvolvedFolder.self, from: data)
        #expect(folder.name == "docs" && folder.color == "blue")
        #expect(folder.files.map(\.name) == ["a", "b"])
        #expect(folder.files.allSatisfy { $0.folder === folder && $0.size == 1 })
    }

    @Test("10,000 aliases to one object lacking a heavy key decode it once")
    func aliasesToHeavyObject() throws {
        let reading = ClassNameRegistry()
        reading.register(HeavyTaskV2.self, as: "Task")
        let data = try aliasedRecords(10_000, className: "Task")
        let tasks = try FastDecoder(registry: reading).decode([HeavyTaskV2].self, from: data)
        #expect(tasks.count == 10_000)
        #expect(tasks.allSatisfy { $0 === tasks[0] })
        #expect(tasks[0].history.count == 50_000)
    }

    @Test("aliases to a struct lacking a heavy key stop at the expansion budget")
    func aliasesToHeavyStruct() throws {
        let data = try aliasedRecords(10_000, className: "HeavyRecordV2")
        let budget = ArchiveLimits.expansionBudget(
            inputSize: data.count, maximumExpansion: ArchiveLimits.defaultMaximumExpansion)
        #expect(budget < 10 * 50_000)
        // One record's default fits the smallest budget (65,536); a few aliases cross this one.
        #expect(try FastDecoder().decode([HeavyRecordV2].self, from: try aliasedRecords(1, className: "x")).count == 1)
        #expect {
            _ = try FastDecoder().decode([HeavyRecordV2].self, from: data)
        } throws: { error in
            guard case let .expansionTooLarge(limit, _)? = error as? FastCodingError else { return false }
            return limit == budget
        }
        // A budget the user raised lets them through.
        var trusting = FastDecoder()
        trusting.maximumExpansion = 1 << 40
        #expect(try trusting.decode([HeavyRecordV2].self, from: try aliasedRecords(3, className: "x")).count == 3)
    }

    @Test("a default taller than the depth left is the decoder's depth error")
    func defaultPastDepthLimit() throws {
        let data = try FastCoder.encode(EvolutionNamedV1(name: "deep"))
        // EvolutionTallTreeV2's default `tall` nests 120 boxes, each a keyed and an unkeyed level.
        let error = try #require(throws: FastCodingError.self) {
            try FastDecoder(maximumDepth: 200).decode(EvolutionTallTreeV2.self, from: data)
        }
        guard case .nestingTooDeep(limit: 200, _) = error else {
            Issue.record("not the depth error: \(error)")
            return
        }
        #expect(try FastDecoder(maximumDepth: 400).decode(EvolutionTallTreeV2.self, from: data).children.isEmpty)
    }

    @Test("defaults worked out from one decode's userInfo never reach another decode")
    func userInfoDefaultsStayInTheirDecode() throws {
        let data = try FastCoder.encode(FontV1())
        func fontSize(_ userInfo: [CodingUserInfoKey: any Sendable]) throws -> Int {
            try FastDecoder(userInfo: userInfo).decode(FontV2.self, from: data).fontSize
        }
        #expect(try fontSize([FontV2.sizeKey: 20]) == 20)
        #expect(try fontSize([:]) == 12)
        #expect(try fontSize([FontV2.sizeKey: 30]) == 30)
        #expect(try fontSize([:]) == 12)
    }

    @Test("a base value's defaults never reach the next decode")
    func layeredDefaultsStayInTheirDecode() throws {
        let data = try FastCoder.encode(FontV1())
        var base = FontV2()
        base.fontSize = 40
        let decoder = FastDecoder()
        #expect(try decoder.decode(FontV2.self, from: data, over: base).fontSize == 40)
        #expect(try decoder.decode(FontV2.self, from: data).fontSize == 12)
        #expect(try decoder.decode([FontV2].self, from: try FastCoder.encode([FontV1()])).map(\.fontSize) == [12])
        base.fontSize = 50
        #expect(try decoder.decode(FontV2.self, from: data, over: base).fontSize == 50)
    }

    @Test("a keyed container kept past a decode over a base value reads neither the base nor the defaults")
    func keptContainerAfterLayering() throws {
        let keeper = ContainerKeeper()
        let data = try FastCoder.encode(FontV1())
        var base = KeepingFont()
        base.fontSize = 40
        let decoder = FastDecoder(userInfo: [ContainerKeeper.key: keeper])
        #expect(try decoder.decode(KeepingFont.self, from: data, over: base).fontSize == 40)
        let kept = try #require(keeper.container)
        #expect(throws: (any Error).self) { try kept.decode(Int.self, forKey: .fontSize) }
        #expect(throws: (any Error).self) { try kept.decode(String.self, forKey: .name) }
        #expect(kept.contains(.fontSize) == false)
        #expect(try decoder.decode(KeepingFont.self, from: data).fontSize == 12)
    }
}

/// Holds the keyed container a ``KeepingFont`` was decoded with.
private final class ContainerKeeper: @unchecked Sendable {
    static let key = CodingUserInfoKey(rawValue: "ContainerKeeper")!
    var container: KeyedDecodingContainer<KeepingFont.CodingKeys>?
}

/// ``FontV2`` that hands its keyed container to a ``ContainerKeeper`` in `userInfo`.
private struct KeepingFont: Evolvable {
    var name = ""
    var fontSize = 12

    enum CodingKeys: String, CodingKey {
        case name, fontSize
    }

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        fontSize = try container.decode(Int.self, forKey: .fontSize)
        (decoder.userInfo[ContainerKeeper.key] as? ContainerKeeper)?.container = container
    }
}
