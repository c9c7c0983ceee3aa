import FastCodingKit
import Foundation
import Testing

/// The encoder learns a type's keys and name once per process and the coders share what they
/// learned across calls and threads; none of it may change a byte or a decoded value.
@Suite("What the coders learn about a type is shared across calls and threads, never changing a byte")
struct TypeCacheTests {
    // Each test has types of its own, so the first encode of a type in a test is the one that learns it.

    private struct Window: Codable, Equatable {
        var title: String
        var width: Int
        var frame: Frame
        var tabs: [Tab]
    }

    private struct Frame: Codable, Equatable {
        var x: Double
        var y: Double
    }

    private struct Tab: Codable, Equatable {
        var name: String
        var pinned: Bool
    }

    private static let window = Window(
        title: "Main", width: 800, frame: Frame(x: 1.5, y: 2.5),
        tabs: [Tab(name: "one", pinned: true), Tab(name: "two", pinned: false)])

    @Test("the first encode of a type (which learns it) and every later one write the same bytes")
    func learningDoesNotChangeBytes() throws {
        let first = try FastCoder.encode(Self.window)
        for _ in 0..<3 {
            #expect(try FastCoder.encode(Self.window) == first)
        }
        #expect(try FastCoder.decode(Window.self, from: first) == Self.window)
    }

    private struct ShapeOne: Codable, Equatable {
        var name: String
        var count: Int
    }

    private struct ShapeTwo: Codable, Equatable {
        var name: String
        var count: Int
    }

    @Test("two types of the same shape keep their own recorded names")
    func sameShapeOtherName() throws {
        let one = try FastCoder.encode(ShapeOne(name: "a", count: 1))
        let two = try FastCoder.encode(ShapeTwo(name: "a", count: 1))
        let twoAgain = try FastCoder.encode(ShapeTwo(name: "a", count: 1))
        #expect(one != two)
        #expect(two == twoAgain)
        #expect(one.range(of: Data("ShapeOne\0".utf8)) != nil)
        #expect(two.range(of: Data("ShapeTwo\0".utf8)) != nil)
        #expect(two.range(of: Data("ShapeOne".utf8)) == nil)
        #expect(try FastCoder.decode(ShapeTwo.self, from: twoAgain) == ShapeTwo(name: "a", count: 1))
    }

    /// Writes `note` only when it is set: its instances do not all write the same keys.
    private class Varying: Codable {
        var name: String
        var note: String?

        init(name: String, note: String?) {
            self.name = name
            self.note = note
        }

        enum CodingKeys: String, CodingKey {
            case name, note
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            if let note { try container.encode(note, forKey: .note) }
        }
    }

    private final class VaryingLearned: Varying {}
    private final class VaryingFresh: Varying {}

    /// A registry that records both classes under one name, so their archives can be compared byte for byte.
    private static func sameNameEncoder() -> FastEncoder {
        let registry = ClassNameRegistry()
        registry.register(VaryingLearned.self, as: "Varying")
        registry.register(VaryingFresh.self, as: "Varying")
        return FastEncoder(registry: registry)
    }

    @Test("a type whose instances write other keys than an earlier call learned is written as if learned anew")
    func instancesWithOtherKeys() throws {
        let encoder = Self.sameNameEncoder()
        // Learns (name, note) for VaryingLearned.
        _ = try encoder.encode(VaryingLearned(name: "full", note: "kept"))
        // This call's first instance writes only `name`: the encoder must notice and learn again.
        let relearned = try encoder.encode([
            VaryingLearned(name: "short", note: nil), VaryingLearned(name: "b", note: "c"),
        ])
        // VaryingFresh is met here for the first time: nothing learned, the reference bytes.
        let fresh = try encoder.encode([VaryingFresh(name: "short", note: nil), VaryingFresh(name: "b", note: "c")])
        #expect(relearned == fresh)
        // And later calls stay equal to a fresh encoder's bytes.
        let again = try encoder.encode([VaryingLearned(name: "short", note: nil), VaryingLearned(name: "b", note: "c")])
        let freshAgain = try encoder.encode(
            [VaryingFresh(name: "short", note: nil), VaryingFresh(name: "b", note: "c")])
        #expect(again == freshAgain)
    }

    /// Keyed for values ≥ 0, a single value for negative ones.
    private class Shifter: Encodable {
        let value: Int

        required init(_ value: Int) {
            self.value = value
        }

        enum CodingKeys: String, CodingKey {
            case value
        }

        func encode(to encoder: any Encoder) throws {
            if value < 0 {
                var single = encoder.singleValueContainer()
                try single.encode(value)
            } else {
                var keyed = encoder.container(keyedBy: CodingKeys.self)
                try keyed.encode(value, forKey: .value)
            }
        }
    }

    private final class KeyedFirstLearned: Shifter {}
    private final class KeyedFirstFresh: Shifter {}
    private final class SingleFirstLearned: Shifter {}
    private final class SingleFirstFresh: Shifter {}

    @Test("a type learned as keyed whose next call starts with a single value is written as if learned anew")
    func keyedThenSingle() throws {
        try checkShapeChange(learned: KeyedFirstLearned.self, fresh: KeyedFirstFresh.self, firstValue: 1)
    }

    @Test("a type learned as a single value whose next call starts keyed is written as if learned anew")
    func singleThenKeyed() throws {
        try checkShapeChange(learned: SingleFirstLearned.self, fresh: SingleFirstFresh.self, firstValue: -1)
    }

    /// Encodes `learned` with the shape of `firstValue`, then a list starting with the other
    /// shape, and compares it with the same list of `fresh`, which no call has learned.
    private func checkShapeChange(learned: Shifter.Type, fresh: Shifter.Type, firstValue: Int) throws {
        let registry = ClassNameRegistry()
        registry.register(learned, as: "Shifter")
        registry.register(fresh, as: "Shifter")
        let encoder = FastEncoder(registry: registry)
        // Learns the shape of `firstValue` for `learned`.
        _ = try encoder.encode([learned.init(firstValue)])
        let relearned = try encoder.encode([learned.init(-firstValue), learned.init(firstValue)])
        let reference = try encoder.encode([fresh.init(-firstValue), fresh.init(firstValue)])
        #expect(relearned == reference)
        guard case .reference(let root) = try FastCoder.object(with: relearned),
            case .array(let elements, _) = root.content
        else {
            Issue.record("the archive's root is not an array")
            return
        }
        #expect(elements.count == 2)
    }

    private struct Labelled: Codable, Equatable {
        var label: String
        var level: Int
    }

    @Test("a class definition read before is read the same again, and a changed copy of it is read afresh")
    func definitionsReadBefore() throws {
        let value = Labelled(label: "x", level: 2)
        let data = try FastCoder.encode(value)
        #expect(try FastCoder.decode(Labelled.self, from: data) == value)
        #expect(try FastCoder.decode(Labelled.self, from: data) == value)
        // The same definition with one key renamed ("level" → "lever") must not be taken for it.
        var changed = data
        let key = try #require(changed.range(of: Data("level\0".utf8)))
        changed[key.lowerBound + 4] = UInt8(ascii: "r")
        #expect(throws: DecodingError.self) { try FastCoder.decode(Labelled.self, from: changed) }
        // And invalid UTF-8 in a key is found even though the valid bytes were read before.
        var invalid = data
        invalid[key.lowerBound + 1] = 0xFF
        #expect(throws: FastCodingError.invalidUTF8(offset: key.lowerBound)) {
            try FastCoder.decode(Labelled.self, from: invalid)
        }
    }

    @Test("an archive far larger or smaller than the last one of its root type is written whole")
    func sizeHintsDoNotLimit() throws {
        let small = (0..<3).map { "item \($0)" }
        let large = (0..<20_000).map { "item \($0)" }
        for strings in [small, large, small, large] {
            let data = try FastCoder.encode(strings)
            #expect(try FastCoder.decode([String].self, from: data) == strings)
        }
    }

    private final class Node: Codable {
        var name: String
        var next: Node?

        init(name: String, next: Node?) {
            self.name = name
            self.next = next
        }
    }

    private struct Board: Codable, Equatable {
        var owner: String
        var windows: [Window]
        var scores: [String: Int]
    }

    @Test("encoding and decoding from many tasks at once gives each task its own, right archive")
    func concurrentCalls() async throws {
        // References made serially, one per task, before the tasks share the learned types.
        let boards = (0..<8).map { task in
            Board(
                owner: "task \(task)",
                windows: (0..<task + 1).map { index in
                    Window(
                        title: "w\(task).\(index)", width: index * 10, frame: Frame(x: Double(task), y: Double(index)),
                        tabs: [Tab(name: "t\(index)", pinned: index % 2 == 0)])
                },
                scores: ["task": task, "double": task * 2])
        }
        let references = try boards.map { try FastCoder.encode($0) }
        let chainReference = try FastCoder.encode(Node(name: "head", next: Node(name: "tail", next: nil)))
        let failures = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                let board = boards[task]
                let reference = references[task]
                group.addTask {
                    var failures = 0
                    for round in 0..<200 {
                        let data = try FastCoder.encode(board)
                        if data != reference { failures += 1 }
                        if try FastCoder.decode(Board.self, from: data) != board { failures += 1 }
                        if round % 20 == 0 {
                            let chain = try FastCoder.encode(Node(name: "head", next: Node(name: "tail", next: nil)))
                            if chain != chainReference { failures += 1 }
                            if try FastCoder.decode(Node.self, from: chain).next?.name != "tail" { failures += 1 }
                        }
                    }
                    return failures
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(failures == 0)
    }
}

extension TypeCacheTests {
    /// One link of a chain whose every link is a type of its own (`Link<Link<…>>`), each with
    /// its own `CodingKeys`: a way to meet hundreds of key types in one archive.
    private struct Link<Tail: Codable & Equatable>: Codable, Equatable {
        var depth: Int
        var tail: Tail
    }

    /// Wraps `value` in `levels` more links, then encodes the chain twice and decodes it.
    private static func chainRoundTrip<Value: Codable & Equatable>(_ value: Value, levels: Int) throws {
        guard levels == 0 else {
            return try chainRoundTrip(Link(depth: levels, tail: value), levels: levels - 1)
        }
        let first = try FastCoder.encode(value)
        #expect(try FastCoder.encode(value) == first)
        #expect(try FastCoder.decode(Value.self, from: first) == value)
    }

    /// Wraps `value` in `levels` more links, then round-trips three copies of the chain.
    private static func repeatedChainRoundTrip<Value: Codable & Equatable>(_ value: Value, levels: Int) throws {
        guard levels == 0 else {
            return try repeatedChainRoundTrip(Link(depth: levels, tail: value), levels: levels - 1)
        }
        let values = [value, value, value]
        #expect(try FastCoder.decode([Value].self, from: FastCoder.encode(values)) == values)
    }

    @Test("values of more types than a call's own type table holds, met again after it dropped them, read back whole")
    func typesMetAgainAfterTheCallTableDroppedThem() throws {
        // 40 types per chain, read three times: a context's table keeps 32 at most.
        try Self.repeatedChainRoundTrip(17, levels: 40)
    }

    @Test("an archive with more key types than the shared per-key-type tables hold (they start over) reads back whole")
    func moreKeyTypesThanTheTablesHold() throws {
        // 150 key types: the shared table of keyed-container copiers keeps at most 128. (Each
        // link is two levels deep, and its class name holds the whole chain's type.)
        try Self.chainRoundTrip("end", levels: 150)
    }
}
