import FastCodingKit
import Foundation
import Testing

/// Integers beyond `Int64` are DecimalNumber chunks (exact in their 128-bit mantissa), and URLs
/// keep their base: values the format holds that the encoder once refused or changed.
@Suite("Wide integers and relative URLs")
struct WideValueTests {
    private struct Unsigned: Codable, Equatable {
        var values: [UInt64]
        var single: UInt64
        var optional: UInt64?
    }

    @Test("unsigned 64-bit integers above Int64.max round-trip as DecimalNumber chunks the tree reads exactly")
    func largeUnsigned() throws {
        let value = Unsigned(
            values: [0, 1, UInt64(Int64.max), UInt64(Int64.max) + 1, .max], single: .max, optional: .max)
        let data = try FastCoder.encode(value)
        #expect(try FastCoder.decode(Unsigned.self, from: data) == value)
        guard case .reference(let root) = try FastCoder.object(with: data),
            case .object(_, let properties) = root.content
        else {
            Issue.record("the archive does not hold an object")
            return
        }
        guard case .decimal(let single) = properties[1].value else {
            Issue.record("UInt64.max is not a DecimalNumber chunk")
            return
        }
        #expect(single == Decimal(string: "18446744073709551615"))
        // The tree writes them back byte for byte.
        #expect(try FastCoder.data(with: try FastCoder.object(with: data)) == data)
    }

    @Test("a DecimalNumber chunk holding an integer reads into any integer type that holds it, and no other")
    func decimalsAsIntegers() throws {
        let thousand = try FastCoder.data(with: .decimal(Decimal(string: "1e3")!))
        #expect(try FastCoder.decode(Int16.self, from: thousand) == 1_000)
        #expect(throws: DecodingError.self) { try FastCoder.decode(Int8.self, from: thousand) }
        let negative = try FastCoder.data(with: .decimal(Decimal(string: "-12000")!))
        #expect(try FastCoder.decode(Int.self, from: negative) == -12_000)
        #expect(throws: DecodingError.self) { try FastCoder.decode(UInt.self, from: negative) }
        let fraction = try FastCoder.data(with: .decimal(Decimal(string: "1.5")!))
        #expect(throws: DecodingError.self) { try FastCoder.decode(Int.self, from: fraction) }
        #expect(throws: DecodingError.self) {
            try FastCoder.decode(Int.self, from: FastCoder.data(with: .decimal(.nan)))
        }
    }

    @Test("decimals with a full 128-bit mantissa and extreme exponents come back exactly")
    func fullMantissas() throws {
        let decimals = try [
            "340282366920938463463374607431768211455", "-340282366920938463463374607431768211455",
            "3.40282366920938463463374607431768211455e-90", "1e127", "-1e-128", "65536", "0.0001",
        ].map { try #require(Decimal(string: $0)) }
        let decoded = try FastCoder.decode([Decimal].self, from: FastCoder.encode(decimals))
        #expect(decoded.map(\.description) == decimals.map(\.description))
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    private struct Wide: Codable, Equatable {
        var signed: [Int128] = [.min, .max, 0, -1, Int128(Int64.min) - 1]
        var unsigned: UInt128 = .max
        var optional: Int128? = .min
        var absent: UInt128?
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("Int128 and UInt128 round-trip at their extremes, through every container")
    func wideIntegers() throws {
        let data = try FastCoder.encode(Wide())
        #expect(try FastCoder.decode(Wide.self, from: data) == Wide())
        #expect(try FastCoder.decode(Int128.self, from: FastCoder.encode(Int128.min)) == .min)
        #expect(try FastCoder.decode(UInt64.self, from: FastCoder.encode(UInt128(UInt64.max))) == .max)
        #expect(throws: DecodingError.self) { try FastCoder.decode(UInt64.self, from: FastCoder.encode(UInt128.max)) }
    }

    private struct Links: Codable {
        var links: [URL]
    }

    @Test("a relative URL keeps its base; equal URLs are written once, a relative and an absolute one apart")
    func relativeURLs() throws {
        let base = try #require(URL(string: "https://example.com/a/"))
        let relative = try #require(URL(string: "b/c?q=1", relativeTo: base))
        let absolute = try #require(URL(string: "https://example.com/a/b/c?q=1"))
        let data = try FastCoder.encode(Links(links: [relative, relative, absolute, base]))
        let decoded = try FastCoder.decode(Links.self, from: data).links
        #expect(decoded.map(\.relativeString) == ["b/c?q=1", "b/c?q=1", absolute.absoluteString, base.absoluteString])
        #expect(decoded.map(\.baseURL?.absoluteString) == [base.absoluteString, base.absoluteString, nil, nil])
        // Strings "b/c?q=1", "https://example.com/a/", the base, the relative URL, the absolute
        // URL's string and the absolute URL: the repeated URL and the base are aliases.
        #expect(data.withUnsafeBytes { $0.load(fromByteOffset: 16, as: UInt32.self) } == 6)
    }
}
