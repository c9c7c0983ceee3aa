import ArchiveTestSupport
import BaseModelKit
import Foundation
import Testing

@Suite("Dates in the plain formats: exact to the bit")
struct PlainDateTests {
    private struct Dates: Codable, Equatable {
        var dates: [Date]
    }

    /// Dates of every magnitude, from a fixed seed: tiny and huge fractions, BC years, far futures.
    private static func sample() -> [Date] {
        var generator = SplitMix64(seed: 0x0DA7E)
        var dates: [Date] = [
            Date(timeIntervalSinceReferenceDate: .leastNonzeroMagnitude),
            Date(timeIntervalSinceReferenceDate: -.leastNonzeroMagnitude),
            Date(timeIntervalSinceReferenceDate: -0.75), Date(timeIntervalSinceReferenceDate: 1e-7),
            Date(timeIntervalSinceReferenceDate: 8_999_999_999_999_999), .distantPast, .distantFuture,
        ]
        for _ in 0..<2000 {
            let magnitude = Double.random(in: -14...15.9, using: &generator)
            let sign: Double = Bool.random(using: &generator) ? 1 : -1
            dates.append(Date(timeIntervalSinceReferenceDate: sign * pow(10, magnitude)))
        }
        return dates
    }

    @Test(
        "every finite date within 2^53 seconds of 2001 round-trips exactly",
        arguments: [
            JSONArchiveFormat.json as any ArchiveFormat, PropertyListArchiveFormat.propertyList(.xml),
            PropertyListArchiveFormat.propertyList(.binary),
        ])
    func exact(_ format: any ArchiveFormat) throws {
        let original = Dates(dates: Self.sample())
        let decoded = try format.decode(Dates.self, from: try format.encode(original))
        let changed = zip(original.dates, decoded.dates).filter { $0 != $1 }
        #expect(
            changed.isEmpty,
            "\(changed.prefix(3).map { ($0.timeIntervalSinceReferenceDate, $1.timeIntervalSinceReferenceDate) })")
        #expect(decoded.dates.count == original.dates.count)
    }

    @Test("the text is ISO 8601 in UTC: proleptic Gregorian years, signed outside 0–9999")
    func text() throws {
        let dates = [
            Date(timeIntervalSince1970: 0.25), Date(timeIntervalSinceReferenceDate: -63_145_526_400),
            Date(timeIntervalSinceReferenceDate: 300_000_000_000),
            Date(timeIntervalSinceReferenceDate: -63_200_000_000),
        ]
        let text = String(decoding: try JSONArchiveFormat.json.encode(Dates(dates: dates)), as: UTF8.self)
        let expected = [
            "1970-01-01T00:00:00.25Z", "0000-01-01T00:00:00Z", "+11507-08-17T05:20:00Z", "-0002-04-10T12:26:40Z",
        ]
        #expect(text == #"{"dates":[""# + expected.joined(separator: #"",""#) + #""]}"#)
        // XML property lists keep <date> where it is exact, and the text elsewhere.
        let xml = String(
            decoding: try PropertyListArchiveFormat.propertyList(.xml).encode(Dates(dates: dates)), as: UTF8.self)
        #expect(xml.contains("<string>1970-01-01T00:00:00.25Z</string>"))
        #expect(xml.contains("<string>0000-01-01T00:00:00Z</string>"))
        #expect(xml.contains("<string>+11507-08-17T05:20:00Z</string>"))
    }

    @Test("dates the text cannot hold are refused at encode, naming the coding path")
    func refused() {
        for interval in [Double.nan, .infinity, 1e17] {
            #expect {
                try JSONArchiveFormat.json.encode(
                    Dates(dates: [.distantPast, Date(timeIntervalSinceReferenceDate: interval)]))
            } throws: { error in
                "\(error)".contains("dates[1]") && "\(error)".contains("has no ISO 8601 text")
            }
        }
    }

    @Test("Decimal.nan is refused by JSON, naming the coding path, and kept by property lists")
    func decimalNaN() throws {
        struct Prices: Codable { var prices: [String: Decimal] }
        #expect {
            try JSONArchiveFormat.json.encode(Prices(prices: ["tea": .nan]))
        } throws: { error in
            "\(error)".contains("prices.tea") && "\(error)".contains("Decimal.nan has no JSON form")
        }
        for kind in PropertyListArchiveFormat.Kind.allCases {
            let format = PropertyListArchiveFormat.propertyList(kind)
            let decoded = try format.decode(Prices.self, from: try format.encode(Prices(prices: ["tea": .nan])))
            #expect(decoded.prices["tea"]?.isNaN == true)
        }
    }
}
