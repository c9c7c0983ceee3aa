import AutoCodingKit
import Foundation
import Testing

/// What keyed archives refuse among the container uses Foundation's encoders stop on, and what
/// they write for the values and patterns only they can check: each refusal an `EncodingError`
/// naming the coding path, never a dropped write.
@Suite("Keyed archives: container uses they refuse, and wide values they write")
struct ContainerRefusalTests {
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ stringValue: String) { self.stringValue = stringValue }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Uses two containers of the kinds `mix` names on one encoder.
    private struct Mixed: Encodable {
        enum Mix { case keyedAfterUnkeyed, singleAfterKeyed, keyedAfterSingleNumber }
        let mix: Mix

        func encode(to encoder: any Encoder) throws {
            switch mix {
            case .keyedAfterUnkeyed:
                var list = encoder.unkeyedContainer()
                try list.encode(1)
                var keyed = encoder.container(keyedBy: Key.self)
                try keyed.encode(2, forKey: Key("b"))
            case .singleAfterKeyed:
                var keyed = encoder.container(keyedBy: Key.self)
                try keyed.encode(2, forKey: Key("b"))
                var single = encoder.singleValueContainer()
                try single.encode(3)
            case .keyedAfterSingleNumber:
                var single = encoder.singleValueContainer()
                try single.encode(3)
                var keyed = encoder.container(keyedBy: Key.self)
                try keyed.encode(2, forKey: Key("b"))
            }
        }
    }

    /// Writes a number under a key, then asks for a nested keyed container of that key.
    private struct NestedUnderNumber: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(1, forKey: Key("box"))
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: Key("box"))
            try nested.encode(2, forKey: Key("x"))
        }
    }

    private struct Holder<Value: Encodable>: Encodable {
        var inner: Value
    }

    private func refusal(_ value: some Encodable, _ format: KeyedArchiveOutputFormat) -> String? {
        do {
            _ = try KeyedArchiveEncoder(outputFormat: format).encode(value)
            return nil
        } catch let error as EncodingError {
            guard case .invalidValue(_, let context) = error else { return "\(error)" }
            return context.codingPath.map(\.stringValue).joined(separator: ".") + ": " + context.debugDescription
        } catch {
            return "\(error)"
        }
    }

    @Test(
        "writes through two kinds of container on one encoder are refused with the coding path",
        arguments: KeyedArchiveOutputFormat.allCases)
    func mixedContainers(_ format: KeyedArchiveOutputFormat) throws {
        for mix in [Mixed.Mix.keyedAfterUnkeyed, .singleAfterKeyed, .keyedAfterSingleNumber] {
            let message = try #require(refusal(Holder(inner: Mixed(mix: mix)), format), "\(mix) was written")
            #expect(message.hasPrefix("inner: "), "\(message)")
            #expect(message.contains("of one encoder"), "\(message)")
        }
    }

    @Test(
        "a nested container under a key holding a number is refused, not written over it",
        arguments: KeyedArchiveOutputFormat.allCases)
    func nestedUnderNumber(_ format: KeyedArchiveOutputFormat) throws {
        let message = try #require(refusal(Holder(inner: NestedUnderNumber()), format))
        #expect(message.hasPrefix("inner.box: "), "\(message)")
        #expect(message.contains("not a dictionary"), "\(message)")
    }

    /// Writes `a` a first time, then its list (values of its own type, which share its keys
    /// while it writes them), then `a` again with its value.
    private struct RewritesKey: Codable, Equatable {
        var a: Int
        var inner: [RewritesKey]

        enum CodingKeys: String, CodingKey { case a, inner }

        init(a: Int, inner: [RewritesKey] = []) {
            self.a = a
            self.inner = inner
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(-1, forKey: .a)
            try container.encode(inner, forKey: .inner)
            try container.encode(a, forKey: .a)
        }
    }

    @Test(
        "a key written again keeps the last write in the first value of a type, in one nested in it and in later ones",
        arguments: KeyedArchiveOutputFormat.allCases)
    func keyWrittenAgain(_ format: KeyedArchiveOutputFormat) throws {
        let value = [RewritesKey(a: 1, inner: [RewritesKey(a: 2), RewritesKey(a: 3)]), RewritesKey(a: 4)]
        let data = try KeyedArchiveEncoder(outputFormat: format).encode(value)
        #expect(try KeyedArchiveDecoder().decode([RewritesKey].self, from: data) == value)
    }

    @Test("128-bit integers beyond 64 bits round-trip in every container, and refuse a narrower type")
    func wideIntegers() throws {
        struct Wide: Codable, Equatable {
            var signed: Int128
            var unsigned: UInt128
            var list: [Int128]
            var byKey: [String: UInt128]
        }
        let value = Wide(
            signed: .min, unsigned: .max, list: [Int128(Int64.min) - 1, 5, .max],
            byKey: ["big": UInt128(UInt64.max) << 10, "small": 7])
        for format in KeyedArchiveOutputFormat.allCases {
            let data = try KeyedArchiveEncoder(outputFormat: format).encode(value)
            #expect(try KeyedArchiveDecoder().decode(Wide.self, from: data) == value)
            #expect(throws: DecodingError.self) {
                try KeyedArchiveDecoder().decode(
                    [Int64].self, from: try KeyedArchiver.archivedData(withRootObject: value.list))
            }
        }
    }
}
