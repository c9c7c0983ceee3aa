import FastCodingKit
import Foundation
import Testing

/// Values whose `encode(to:)` uses its containers in a way a stream cannot follow are written
/// again through a buffer, with Foundation's meaning: the last write of a key wins, nested
/// containers of one key merge, containers can be used in any order.
@Suite("Values written through a buffer")
struct BufferedValueTests {
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ stringValue: String) { self.stringValue = stringValue }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Writes `count` keys into one nested container, each twice (the second write must win),
    /// and a parent key while the nested container is still open.
    private struct NestedTwice: Codable, Equatable {
        var values: [String: Int]
        var after: String

        init(count: Int) {
            values = Dictionary(uniqueKeysWithValues: (0..<count).map { ("k\($0)", $0) })
            after = "after"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            values = try container.decode([String: Int].self, forKey: Key("box"))
            after = try container.decode(String.self, forKey: Key("after"))
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            var box = container.nestedContainer(keyedBy: Key.self, forKey: Key("box"))
            for (name, value) in values.sorted(by: { $0.key < $1.key }) {
                try box.encode(-1, forKey: Key(name))
                try box.encode(value, forKey: Key(name))
            }
            try container.encode(after, forKey: Key("after"))
        }
    }

    @Test("a key written twice in a nested container keeps the last write, in small and large containers")
    func nestedDuplicates() throws {
        for count in [1, 5, 40] {
            let value = NestedTwice(count: count)
            #expect(try FastCoder.decode(NestedTwice.self, from: try FastCoder.encode(value)) == value)
        }
    }

    /// Writes to its keyed container while a nested one is open, then to the nested one again.
    private struct Interleaved: Codable, Equatable {
        var x = 1
        var y = 2
        var z = 3

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            let box = try container.nestedContainer(keyedBy: Key.self, forKey: Key("box"))
            x = try box.decode(Int.self, forKey: Key("x"))
            y = try container.decode(Int.self, forKey: Key("y"))
            z = try box.decode(Int.self, forKey: Key("z"))
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            var box = container.nestedContainer(keyedBy: Key.self, forKey: Key("box"))
            try box.encode(x, forKey: Key("x"))
            try container.encode(y, forKey: Key("y"))
            try box.encode(z, forKey: Key("z"))
        }
    }

    @Test("containers used out of turn write what each was given")
    func outOfTurn() throws {
        let values = [Interleaved(), Interleaved()]
        #expect(try FastCoder.decode([Interleaved].self, from: try FastCoder.encode(values)) == values)
    }

    @Test("a value written through a buffer writes the same bytes in every call")
    func sameBytesEveryCall() throws {
        let value = [Interleaved(), Interleaved()]
        let first = try FastCoder.encode(value)
        #expect(try FastCoder.encode(value) == first)
        #expect(try FastCoder.encode(NestedTwice(count: 40)) == FastCoder.encode(NestedTwice(count: 40)))
    }

    private class Animal: Codable {
        var name: String
        init(name: String) { self.name = name }
    }

    private final class Dog: Animal {
        var breed = "collie"
        init() { super.init(name: "Rex") }

        private enum CodingKeys: String, CodingKey { case breed }

        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            breed = try container.decode(String.self, forKey: .breed)
            try super.init(from: container.superDecoder())
        }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(breed, forKey: .breed)
            try super.encode(to: container.superEncoder())
        }
    }

    @Test("superEncoder() writes the superclass as a dictionary under 'super', which any reader reads")
    func superEncoderMapping() throws {
        let dog = Dog()
        let data = try FastCoder.encode([dog, dog])
        let decoded = try FastCoder.decode([Dog].self, from: data)
        #expect(decoded.map(\.name) == ["Rex", "Rex"])
        #expect(decoded[0] === decoded[1])
        guard case .reference(let root) = try FastCoder.object(with: data), case .array(let items, _) = root.content,
            case .reference(let object)? = items.first, case .object(_, let properties) = object.content,
            case .reference(let parent)? = properties.first(where: { $0.name == "super" })?.value,
            case .dictionary(let entries, let mutable) = parent.content
        else {
            Issue.record("the archive does not hold an object with a dictionary under 'super'")
            return
        }
        #expect(mutable)
        guard case .string(let key)? = entries.first?.key, entries.count == 1 else {
            Issue.record("the dictionary under 'super' does not hold one string key")
            return
        }
        #expect(key == "name")
        #expect(properties.map(\.name) == ["breed", "super"])
    }

    /// A class that codes itself as a list.
    private final class Pair: Codable {
        var numbers: [Int]
        init(_ numbers: [Int]) { self.numbers = numbers }

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            numbers = []
            while !container.isAtEnd { numbers.append(try container.decode(Int.self)) }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            for number in numbers { try container.encode(number) }
        }
    }

    @Test(
        "a class coded as a single value or a list is an object holding it under '$value', one instance however often met"
    )
    func wrappedValues() throws {
        let pair = Pair([1, 2])
        let data = try FastCoder.encode([pair, pair, Pair([3])])
        let decoded = try FastCoder.decode([Pair].self, from: data)
        #expect(decoded.map(\.numbers) == [[1, 2], [1, 2], [3]])
        #expect(decoded[0] === decoded[1])
        #expect(decoded[0] !== decoded[2])
        guard case .reference(let root) = try FastCoder.object(with: data), case .array(let items, _) = root.content,
            case .reference(let object)? = items.first, case .object(let name, let properties) = object.content
        else {
            Issue.record("the archive does not hold an object")
            return
        }
        #expect(name.hasSuffix("Pair"))
        #expect(properties.map(\.name) == ["$value"])
        #expect(items.count == 3)
    }

    /// Asks for a keyed container after writing a list: Foundation's encoders stop there.
    private struct ListThenKeyed: Encodable {
        func encode(to encoder: any Encoder) throws {
            var list = encoder.unkeyedContainer()
            try list.encode(1)
            var keyed = encoder.container(keyedBy: Key.self)
            try keyed.encode(2, forKey: Key("b"))
        }
    }

    /// Writes two values through one single-value container.
    private struct TwoSingleValues: Encodable {
        func encode(to encoder: any Encoder) throws {
            var single = encoder.singleValueContainer()
            try single.encode(1)
            try single.encode(2)
        }
    }

    private struct Holder<Value: Encodable>: Encodable {
        var inner: Value
    }

    @Test("what Foundation's encoders stop on is refused, naming the coding path")
    func refusals() throws {
        for encode in [
            { try FastCoder.encode(Holder(inner: ListThenKeyed())) },
            { try FastCoder.encode(Holder(inner: TwoSingleValues())) },
        ] as [() throws -> Data] {
            let error = try #require(throws: EncodingError.self) { try encode() }
            guard case .invalidValue(_, let context) = error else { return }
            #expect(context.codingPath.map(\.stringValue) == ["inner"])
        }
    }

    @Test("a container kept past encode(to:) throws when used after the encode call")
    func keptEncoderContainer() throws {
        final class Keeper: Encodable, @unchecked Sendable {
            var kept: KeyedEncodingContainer<Key>?
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(1, forKey: Key("a"))
                kept = container
            }
        }
        let keeper = Keeper()
        _ = try FastCoder.encode(keeper)
        #expect(throws: EncodingError.self) { try keeper.kept?.encode(2, forKey: Key("b")) }
    }
}
