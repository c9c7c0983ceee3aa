import FastCodingKit
import Foundation
import Testing

/// A read that fails leaves its value unread, as in Foundation's decoders: the next read finds
/// it, and everything after it (strings and objects met again as aliases) reads right.
@Suite("Failed reads leave the value unread")
struct DecoderRetryTests {
    final class Shared: Codable {
        var label: String
        init(label: String) { self.label = label }
    }

    /// A record whose class definition, strings and shared object are met first inside it.
    struct Record: Codable, Equatable {
        var title: String
        var owner: Shared
        var count: Int

        static func == (left: Record, right: Record) -> Bool {
            left.title == right.title && left.owner.label == right.owner.label && left.count == right.count
        }
    }

    /// Reads the fields of ``Record`` as far as `title` and `owner`, then fails on `count`.
    struct Mistaken: Decodable {
        private enum CodingKeys: String, CodingKey { case title, owner, count }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            _ = try container.decode(String.self, forKey: .title)
            _ = try container.decode(Shared.self, forKey: .owner)
            _ = try container.decode(String.self, forKey: .count)
        }
    }

    /// Retries each element of a list: first as ``Mistaken``, then as ``Record``.
    struct Retrying: Decodable {
        var records: [Record] = []
        var mistakes = 0

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            while !container.isAtEnd {
                if (try? container.decode(Mistaken.self)) == nil { mistakes += 1 }
                records.append(try container.decode(Record.self))
            }
        }
    }

    @Test("an unkeyed read failing deep inside an element reads again from its start; later aliases still resolve")
    func unkeyedRetry() throws {
        let shared = Shared(label: "owner")
        let records = (0..<3).map { Record(title: "title \($0 % 2)", owner: shared, count: $0) }
        let decoded = try FastCoder.decode(Retrying.self, from: try FastCoder.encode(records))
        #expect(decoded.mistakes == 3)
        #expect(decoded.records == records)
        #expect(decoded.records[0].owner === decoded.records[2].owner)
    }

    /// Reads `first` wrongly, then rightly, then the rest.
    struct KeyedRetry: Decodable {
        var first: Record
        var second: Record
        var wrongFailed = false

        private enum CodingKeys: String, CodingKey { case first, second }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            wrongFailed = (try? container.decode(Mistaken.self, forKey: .first)) == nil
            first = try container.decode(Record.self, forKey: .first)
            second = try container.decode(Record.self, forKey: .second)
        }
    }

    private struct Pair: Encodable {
        var first: Record
        var second: Record
    }

    @Test("a keyed read that fails leaves the key's value for the next read, and the keys after it")
    func keyedRetry() throws {
        let shared = Shared(label: "owner")
        let pair = Pair(
            first: Record(title: "a", owner: shared, count: 1), second: Record(title: "a", owner: shared, count: 2))
        let decoded = try FastCoder.decode(KeyedRetry.self, from: try FastCoder.encode(pair))
        #expect(decoded.wrongFailed)
        #expect(decoded.first == pair.first)
        #expect(decoded.second == pair.second)
        #expect(decoded.first.owner === decoded.second.owner)
    }

    /// Reads its single value as a ``Mistaken`` first.
    struct SingleRetry: Decodable {
        var record: Record

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            _ = try? container.decode(Mistaken.self)
            record = try container.decode(Record.self)
        }
    }

    @Test("a single-value read that fails deep inside the value reads again from its start")
    func singleRetry() throws {
        let shared = Shared(label: "owner")
        let records = [Record(title: "a", owner: shared, count: 1), Record(title: "a", owner: shared, count: 2)]
        let decoded = try FastCoder.decode([SingleRetry].self, from: try FastCoder.encode(records))
        #expect(decoded.map(\.record) == records)
        #expect(decoded[0].record.owner === decoded[1].record.owner)
    }

    /// Keeps its unkeyed container, a nested one and a super decoder past `init(from:)`.
    final class Hoarder: Decodable, @unchecked Sendable {
        var list: (any UnkeyedDecodingContainer)?
        var nested: (any UnkeyedDecodingContainer)?
        var parent: (any Decoder)?

        init(from decoder: any Decoder) throws {
            var list = try decoder.unkeyedContainer()
            nested = try list.nestedUnkeyedContainer()
            parent = try list.superDecoder()
            self.list = list
        }
    }

    @Test("containers and decoders kept past the decode call throw when read, never crash")
    func keptContainersThrow() throws {
        let data = try FastCoder.encode([[1, 2], [3]])
        let hoarder = try FastCoder.decode(Hoarder.self, from: data)
        var list = try #require(hoarder.list)
        #expect(!list.isAtEnd)
        #expect(throws: (any Error).self) { try list.decode(Int.self) }
        var nested = try #require(hoarder.nested)
        #expect(throws: (any Error).self) { try nested.decode(Int.self) }
        #expect(throws: (any Error).self) {
            var parentList = try #require(try hoarder.parent?.unkeyedContainer())
            _ = try parentList.decode(Int.self)
        }
        #expect(throws: (any Error).self) { try hoarder.parent?.singleValueContainer().decode([Int].self) }
    }
}
