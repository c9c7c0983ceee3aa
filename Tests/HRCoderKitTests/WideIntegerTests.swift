import Foundation
import HRCoderKit
import Testing

/// Integers outside `Int64`: `HRWideInteger` itself, the three formats, Foundation as the peer
/// for 16-byte binary-plist integers, and hostile numbers.
@Suite("Integers beyond Int64")
struct WideIntegerTests {
    static let int128Min = "-170141183460469231731687303715884105728"
    static let int128Max = "170141183460469231731687303715884105727"
    static let uint128Max = "340282366920938463463374607431768211455"

    @Test("decimal text reads and prints exactly, and numbers that fit Int64 are refused")
    func decimalText() throws {
        for text in [Self.int128Min, Self.int128Max, Self.uint128Max, "18446744073709551615", "-9223372036854775809"] {
            #expect(try #require(HRWideInteger(text)).description == text)
        }
        #expect(HRWideInteger("+18446744073709551616")?.description == "18446744073709551616")
        #expect(
            HRWideInteger("10000000000000000000000000000000000000")?.description == "1"
                + String(repeating: "0", count: 37))
        // Int64's range is HRValue.integer's; beyond 128 bits nothing holds the number.
        for text in [
            "9223372036854775807", "-9223372036854775808", "0", "340282366920938463463374607431768211456",
            "-170141183460469231731687303715884105729", "", "-", "12a", "1.5",
        ] {
            #expect(HRWideInteger(text) == nil, "\(text)")
        }
        #expect(HRWideInteger(exactly: Int64.max) == nil)
        #expect(HRWideInteger(exactly: UInt64.max)?.description == "18446744073709551615")
        #expect(HRWideInteger(isNegative: true, magnitudeHigh: 1 << 63, magnitudeLow: 1) == nil)
        #expect(HRWideInteger(isNegative: true, magnitudeHigh: 0, magnitudeLow: 1 << 63) == nil)
    }

    @Test("conversions to fixed-width integers are exact or nil")
    func conversions() throws {
        let unsigned = try #require(HRWideInteger("18446744073709551615"))
        #expect(unsigned.exactly(as: UInt64.self) == .max)
        #expect(unsigned.exactly(as: Int64.self) == nil)
        let negative = try #require(HRWideInteger("-9223372036854775809"))
        #expect(negative.exactly(as: UInt64.self) == nil)
        #expect(negative.exactly(as: Int64.self) == nil)
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        #expect(negative.exactly(as: Int128.self) == Int128(Int64.min) - 1)
        #expect(try #require(HRWideInteger(Self.int128Min)).exactly(as: Int128.self) == .min)
        #expect(try #require(HRWideInteger(Self.int128Max)).exactly(as: Int128.self) == .max)
        #expect(try #require(HRWideInteger(Self.uint128Max)).exactly(as: UInt128.self) == .max)
        #expect(try #require(HRWideInteger(Self.uint128Max)).exactly(as: Int128.self) == nil)
        #expect(HRWideInteger(exactly: Int128.min)?.description == Self.int128Min)
        #expect(HRWideInteger(exactly: UInt128.max)?.description == Self.uint128Max)
    }

    @Test("XML hexadecimal integers are read as keyed archives read them, up to UInt64.max")
    func hexadecimalXML() throws {
        let xml = "<array><integer>0x7F</integer><integer> 0XFFFFFFFFFFFFFFFF </integer></array>"
        let read = try HRCoder().parse(Data(xml.utf8))
        #expect(read == .array([.integer(127), .wideInteger(try #require(HRWideInteger(exactly: UInt64.max)))]))
        #expect(throws: HRCoderError.self) { try HRCoder().parse(Data("<integer>0x1FFFFFFFFFFFFFFFF</integer>".utf8)) }
    }

    @Test("readers make .integer for numbers within Int64 and .wideInteger beyond", arguments: HROutputFormat.allCases)
    func canonicalNodes(_ format: HROutputFormat) throws {
        let numbers = ["9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809"]
        let tree = HRValue.array(
            numbers.map { text in
                Int64(text).map(HRValue.integer) ?? HRWideInteger(text).map(HRValue.wideInteger) ?? .null
            })
        let data = try HRCoder(outputFormat: format).serialize(tree)
        let read = try HRCoder().parse(data)
        #expect(read == tree)
        guard case let .array(items) = read else {
            Issue.record("expected an array, read \(read)")
            return
        }
        #expect(items.map(\.description) == numbers)
        #expect(items.map(\.kindDescription) == Array(repeating: "an integer", count: 4))
    }

    @Test("Foundation reads HRCoder's UInt64.max", arguments: [HROutputFormat.xml, .binary])
    func foundationReadsUnsigned(_ format: HROutputFormat) throws {
        let values: [UInt64] = [.max, UInt64(Int64.max) + 1, 7]
        let data = try HRCoder.archivedData(withRootObject: values, format: format)
        #expect(try PropertyListDecoder().decode([UInt64].self, from: data) == values)
        let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        #expect((object as? [NSNumber])?.map(\.uint64Value) == values)
    }

    @Test("HRCoder reads the 16-byte integer Foundation writes for UInt64.max")
    func readsFoundationsSixteenByteInteger() throws {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let values: [UInt64] = [.max, UInt64(Int64.max) + 1]
        let data = try encoder.encode(values)
        // 0x14: an integer of 2⁴ bytes, high word zero.
        #expect(data.contains(0x14))
        #expect(try HRCoder.unarchive([UInt64].self, from: data) == values)
        #expect(try HRCoder().parse(data) == .array(values.map { .wideInteger(HRWideInteger(exactly: $0)!) }))
    }

    @Test("a wide node decodes as the types that hold it, and names the type that does not")
    func decodingWideNodes() throws {
        let tree = HRValue.dictionary(["n": .wideInteger(try #require(HRWideInteger(Self.uint128Max)))])
        struct Narrow: Decodable { var n: Int64 }
        let error = try #require(throws: DecodingError.self) { try HRCoder.unarchive(Narrow.self, from: tree) }
        #expect("\(error)".contains("\(Self.uint128Max) at 'n' does not fit Int64"))
        struct Real: Decodable { var n: Double }
        #expect(try HRCoder.unarchive(Real.self, from: tree).n == Double(Self.uint128Max))
        // As JSONDecoder: the nearest Double, and Float refuses a number beyond its range.
        let json = Data("{\"n\":\(Self.uint128Max)}".utf8)
        #expect(try JSONDecoder().decode(Real.self, from: json).n == Double(Self.uint128Max))
        struct Single: Decodable { var n: Float }
        #expect(throws: DecodingError.self) { try HRCoder.unarchive(Single.self, from: tree) }
        struct Exact: Decodable { var n: Decimal }
        #expect(try HRCoder.unarchive(Exact.self, from: tree).n == Decimal(string: Self.uint128Max))
        #expect(try HRCoder.unarchive(Exact.self, from: tree).n.description == Self.uint128Max)
    }

    @Test("a UInt128 above Int128.max is refused by the binary writer, naming value, type and path")
    func binaryRefusesLargeUnsigned() throws {
        let tree = HRValue.dictionary([
            "a": .array([.integer(1), .wideInteger(try #require(HRWideInteger(Self.uint128Max)))])
        ])
        let error = try #require(throws: HRCoderError.self) { try HRCoder(outputFormat: .binary).serialize(tree) }
        #expect(
            error.description
                == "cannot write the value at 'a[1]': \(Self.uint128Max) (UInt128) is above Int128.max, and a binary "
                + "property list's integers are signed 128-bit; write it as XML or JSON, or as a string")
        // Int128.max itself fits.
        let fits = HRValue.wideInteger(try #require(HRWideInteger(Self.int128Max)))
        #expect(try HRCoder().parse(try HRCoder(outputFormat: .binary).serialize(fits)) == fits)
    }

    @Test("a 16-byte integer cut short is a clear error")
    func truncatedSixteenByteInteger() throws {
        // The integer's marker and 8 of its 16 bytes, then the offset table and the trailer.
        var bytes = Array("bplist00".utf8) + [0x14] + Array(repeating: 0xFF, count: 8)
        let tableOffset = bytes.count
        bytes += [8]
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        bytes += [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, UInt8(tableOffset)]
        let error = try #require(throws: HRCoderError.self) { try HRCoder().parse(Data(bytes)) }
        #expect(
            error == .invalidBinaryPlist(offset: 8, reason: "16-byte integer of 16 bytes runs past the object area"))
    }

    @Test("a JSON integer of 200 digits reads as a real: decoding an integer from it is a clear error")
    func twoHundredDigits() throws {
        let digits = "9" + String(repeating: "0", count: 199)
        let data = Data("[\(digits), -\(digits)]".utf8)
        #expect(try HRCoder().parse(data) == .array([.real(9e199), .real(-9e199)]))
        let error = try #require(throws: DecodingError.self) { try HRCoder.unarchive([UInt64].self, from: data) }
        #expect("\(error)".contains("does not fit UInt64"))
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let wide = try #require(throws: DecodingError.self) { try HRCoder.unarchive([Int128].self, from: data) }
        #expect("\(wide)".contains("does not fit Int128"))
    }
}
