import FastCodingKit
import Foundation
import Testing

/// The encoder matches keys against class definitions by their bits once a position has been
/// matched by name, and rebuilds coding paths from its frames only when one is asked for.
@Suite("Encoder keys and coding paths")
struct EncoderKeyTests {
    private struct Leaf: Codable, Equatable {
        var value: String
    }

    /// A string the format cannot hold (strings are C strings).
    fileprivate static let refused = "nul\u{0}"

    private struct Holder: Codable, Equatable {
        var name = "holder"
        var items: [Leaf] = []
        var map: [String: Leaf] = [:]
    }

    private func failurePath(_ value: some Encodable) throws -> [String] {
        let error = try #require(throws: EncodingError.self) { try FastCoder.encode(value) }
        guard case let .invalidValue(_, context) = error else { Issue.record("\(error)"); return [] }
        return context.codingPath.map(\.stringValue)
    }

    @Test("an error inside an array element names the property, the index and the key")
    func pathThroughArray() throws {
        let holder = Holder(items: [Leaf(value: "1"), Leaf(value: "2"), Leaf(value: Self.refused)])
        #expect(try failurePath(holder) == ["items", "Index 2", "value"])
    }

    @Test("an error inside a dictionary value names the property, the entry's key and the key below")
    func pathThroughDictionary() throws {
        let holder = Holder(map: ["wide": Leaf(value: Self.refused)])
        #expect(try failurePath(holder) == ["map", "wide", "value"])
    }

    /// Records the coding paths of the nested containers it writes through.
    private final class PathRecorder: @unchecked Sendable {
        var paths: [[String]] = []
    }

    /// Writes through nested containers; `failAt` picks the value that cannot be stored.
    private struct Nesting: Encodable {
        var failAt: Int
        var recorder = PathRecorder()
        enum Keys: String, CodingKey { case box, list, after }
        enum Inner: String, CodingKey { case wide }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var box = container.nestedContainer(keyedBy: Inner.self, forKey: .box)
            recorder.paths.append(box.codingPath.map(\.stringValue))
            try box.encode(failAt == 0 ? EncoderKeyTests.refused : "ok", forKey: .wide)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(1 as UInt64)
            var inner = list.nestedContainer(keyedBy: Inner.self)
            recorder.paths.append(inner.codingPath.map(\.stringValue))
            try inner.encode(failAt == 1 ? EncoderKeyTests.refused : "ok", forKey: .wide)
            try container.encode(failAt == 2 ? EncoderKeyTests.refused : "ok", forKey: .after)
        }
    }

    @Test("nested containers know their coding paths, also below dictionary entries")
    func nestedContainerPaths() throws {
        let alone = Nesting(failAt: -1)
        _ = try FastCoder.encode(alone)
        #expect(alone.recorder.paths.suffix(2) == [["box"], ["list", "Index 1"]])
        let entry = Nesting(failAt: -1)
        let other = Nesting(failAt: -1)
        _ = try FastCoder.encode([["first": other], ["second": other, "third": entry]])
        #expect(
            entry.recorder.paths.suffix(2) == [["Index 1", "third", "box"], ["Index 1", "third", "list", "Index 1"]])
    }

    @Test("an error inside a value below dictionary entries names the entries that lead to it")
    func pathThroughNestedDictionaries() throws {
        let inEntry = try failurePath(["entry": Nesting(failAt: 1)])
        #expect(inEntry == ["entry", "list", "Index 1", "wide"])
        let later = [["first": Nesting(failAt: 3)], ["second": Nesting(failAt: 3), "third": Nesting(failAt: 0)]]
        let inLaterEntry = try failurePath(later)
        #expect(inLaterEntry == ["Index 1", "third", "box", "wide"])
    }

    @Test("an error in the second of two equal objects names the second one")
    func pathAfterFastMatches() throws {
        let holders = [
            Holder(items: [Leaf(value: "1")]), Holder(items: [Leaf(value: "1"), Leaf(value: Self.refused)]),
        ]
        #expect(try failurePath(holders) == ["Index 1", "items", "Index 1", "value"])
    }

    @Test("encoder.codingPath inside a nested encode(to:) lists the keys leading to it")
    func codingPathSeenByModels() throws {
        final class Recorder: @unchecked Sendable {
            var paths: [[String]] = []
        }
        struct Probe: Encodable {
            let recorder: Recorder
            func encode(to encoder: any Encoder) throws {
                recorder.paths.append(encoder.codingPath.map(\.stringValue))
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(1, forKey: .marker)
            }
            enum CodingKeys: String, CodingKey { case marker }
        }
        struct Outer: Encodable {
            let first: Probe
            let list: [Probe]
        }
        let recorder = Recorder()
        let probe = Probe(recorder: recorder)
        _ = try FastCoder.encode(Outer(first: probe, list: [probe, probe]))
        #expect(recorder.paths.count > 0)
        #expect(recorder.paths.suffix(3) == [["first"], ["list", "Index 0"], ["list", "Index 1"]])
    }

    @Test("instances that write their keys in another order are still read back right")
    func keysInAnotherOrder() throws {
        struct Swapping: Codable, Equatable {
            var first: Int
            var second: String
            var reversed: Bool
            enum CodingKeys: CodingKey { case first, second, reversed }
            init(first: Int, second: String, reversed: Bool) {
                self.first = first
                self.second = second
                self.reversed = reversed
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(reversed, forKey: .reversed)
                if reversed {
                    try container.encode(second, forKey: .second)
                    try container.encode(first, forKey: .first)
                } else {
                    try container.encode(first, forKey: .first)
                    try container.encode(second, forKey: .second)
                }
            }
        }
        let values = (0..<6).map { Swapping(first: $0, second: "s\($0)", reversed: $0 % 3 == 2) }
        let data = try FastCoder.encode(values)
        #expect(try FastCoder.decode([Swapping].self, from: data) == values)
    }

    @Test("two key types writing one object (a subclass and its superclass) share its definition")
    func twoKeyTypesInOneObject() throws {
        class Base: Codable {
            var id: Int
            init(id: Int) { self.id = id }
            enum CodingKeys: CodingKey { case id }
        }
        final class Derived: Base, @unchecked Sendable {
            var label: String
            init(id: Int, label: String) {
                self.label = label
                super.init(id: id)
            }
            enum CodingKeys: CodingKey { case label }
            required init(from decoder: any Decoder) throws {
                label = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .label)
                try super.init(from: decoder)
            }
            // Unlabelled items write the superclass's key first: the first key of both key
            // types has the same bits, so only the key type tells `id` from `label`.
            override func encode(to encoder: any Encoder) throws {
                if label.isEmpty { try super.encode(to: encoder) }
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(label, forKey: .label)
                if !label.isEmpty { try super.encode(to: encoder) }
            }
        }
        let registry = ClassNameRegistry()
        registry.register(Derived.self, as: "Derived")
        let items = (0..<4).map { Derived(id: $0, label: $0 == 2 ? "" : "item \($0)") }
        let data = try FastEncoder(registry: registry).encode(items)
        let decoded = try FastDecoder(registry: registry).decode([Derived].self, from: data)
        #expect(decoded.map(\.id) == [0, 1, 2, 3])
        #expect(decoded.map(\.label) == ["item 0", "item 1", "", "item 3"])
    }

    @Test("keys that hold strings (no tag) are matched by name")
    func keysWithoutTags() throws {
        struct Named: Codable, Equatable {
            var entries: [String: Int]
            struct Key: CodingKey {
                var stringValue: String
                var intValue: Int? { nil }
                init(stringValue: String) { self.stringValue = stringValue }
                init?(intValue: Int) { nil }
            }
            init(_ entries: [String: Int]) { self.entries = entries }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                for key in entries.keys.sorted() { try container.encode(entries[key], forKey: Key(stringValue: key)) }
            }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Key.self)
                entries = try Dictionary(
                    uniqueKeysWithValues: container.allKeys.compactMap { key in
                        try container.decodeIfPresent(Int.self, forKey: key).map { (key.stringValue, $0) }
                    })
            }
        }
        let values = (0..<5).map { Named(["alpha": $0, "beta": $0 * 2]) }
        #expect(try FastCoder.decode([Named].self, from: FastCoder.encode(values)) == values)
    }

    @Test("widening a definition forgets the instances written by the rolled-back attempt")
    func rollbackForgetsInstances() throws {
        final class Child: Codable, @unchecked Sendable {
            var number: Int
            init(_ number: Int) { self.number = number }
        }
        struct Flexible: Codable {
            var child: Child
            var extra: Int?
            enum CodingKeys: CodingKey { case child, extra }
            init(child: Child, extra: Int?) {
                self.child = child
                self.extra = extra
            }
            // `extra` is left out when nil, so the second item widens the definition after its
            // child was already written once.
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(child, forKey: .child)
                if let extra { try container.encode(extra, forKey: .extra) }
            }
        }
        let registry = ClassNameRegistry()
        registry.register(Child.self, as: "Child")
        let shared = Child(2)
        let items = [
            Flexible(child: Child(1), extra: nil), Flexible(child: shared, extra: 5), Flexible(child: shared, extra: 6),
        ]
        let data = try FastEncoder(registry: registry).encode(items)
        let decoded = try FastDecoder(registry: registry).decode([Flexible].self, from: data)
        #expect(decoded.map(\.child.number) == [1, 2, 2])
        #expect(decoded.map(\.extra) == [nil, 5, 6])
        #expect(decoded[1].child === decoded[2].child)
        #expect(decoded[0].child !== decoded[1].child)
    }
}
