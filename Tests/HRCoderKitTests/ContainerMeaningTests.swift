import Foundation
import HRCoderKit
import Testing

/// The container uses the shared pattern suite does not spell out, checked on the tree HRCoder
/// writes and through a round trip.
@Suite("HRCoder's containers: write order, merged lists, absent super decoders, decimal forms")
struct ContainerMeaningTests {
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ stringValue: String) { self.stringValue = stringValue }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Writes `a` through a super encoder first, then directly, then a list in two steps.
    struct Writes: Codable, Equatable {
        var a = 0
        var list: [Int] = []
        var fromAbsent = 0

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            a = try container.decode(Int.self, forKey: Key("a"))
            list = try container.decode([Int].self, forKey: Key("list"))
            let absent = try container.superDecoder(forKey: Key("absent")).container(keyedBy: Key.self)
            fromAbsent = absent.allKeys.count + (absent.contains(Key("x")) ? 1 : 0)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            var single = container.superEncoder(forKey: Key("a")).singleValueContainer()
            try single.encode(1)
            try container.encode(2, forKey: Key("a"))
            var first = container.nestedUnkeyedContainer(forKey: Key("list"))
            try first.encode(3)
            var second = container.nestedUnkeyedContainer(forKey: Key("list"))
            try second.encode(4)
        }
    }

    @Test("a direct write after a super encoder's wins; two lists of one key merge", arguments: HROutputFormat.allCases)
    func writeOrder(_ format: HROutputFormat) throws {
        let tree = try HRCoder.archivedPlist(withRootObject: Writes())
        guard case let .dictionary(entries) = tree else {
            Issue.record("the root is \(tree)")
            return
        }
        #expect(entries["a"] == .integer(2))
        #expect(entries["list"] == .array([.integer(3), .integer(4)]))
        let decoded = try HRCoder.unarchive(
            Writes.self, from: HRCoder.archivedData(withRootObject: Writes(), format: format))
        #expect((decoded.a, decoded.list, decoded.fromAbsent) == (2, [3, 4], 0))
    }

    @Test("a decimal is an integer, a real or its text, whichever holds it exactly")
    func decimalForms() throws {
        let decimals = [
            Decimal(Int64.max - 1024), Decimal(string: "0.1")!, Decimal(UInt64.max), Decimal.nan,
        ]
        #expect(
            try HRCoder.archivedPlist(withRootObject: decimals)
                == .array([
                    .integer(Int64.max - 1024), .real(0.1), .string("18446744073709551615"), .string("NaN"),
                ]))
    }
}
