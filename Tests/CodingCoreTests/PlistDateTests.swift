import Foundation
import Testing

@testable import CodingCore

/// The one civil-date codec: days to dates and back, and the `<date>` text of XML property lists.
@Suite("Civil dates and XML property-list date text")
struct PlistDateTests {
    @Test("every day from year -1000 to 12000 converts to its date and back")
    func daysRoundTrip() {
        var previous = CivilDate(daysSince1970: -1_100_000)
        for days in Int64(-1_100_000)...Int64(3_700_000) {
            let date = CivilDate(daysSince1970: days)
            if date.daysSince1970 != days || CivilDate(year: date.year, month: date.month, day: date.day) != date {
                Issue.record("day \(days) -> \(date)")
                return
            }
            let nextDayOfMonth = date.day == previous.day + 1 && date.month == previous.month
            let firstOfNextMonth = date.day == 1 && (date.month == previous.month % 12 + 1)
            if days > -1_100_000 && !nextDayOfMonth && !firstOfNextMonth {
                Issue.record("day \(days): \(previous) is not followed by \(date)")
                return
            }
            previous = date
        }
    }

    @Test("known days, and days that do not exist")
    func knownDays() {
        #expect(CivilDate(year: 1970, month: 1, day: 1)?.daysSince1970 == 0)
        #expect(CivilDate(year: 2001, month: 1, day: 1)?.daysSince1970 == 11_323)
        #expect(CivilDate(year: 0, month: 3, day: 1)?.daysSince1970 == -719_468)
        #expect(CivilDate(year: 2000, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 1900, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 2026, month: 4, day: 31) == nil)
        #expect(CivilDate(year: 2026, month: 13, day: 1) == nil)
        #expect(CivilDate(year: 2026, month: 1, day: 0) == nil)
    }

    @Test("the text Foundation writes, fractions and expanded years read exactly")
    func reading() {
        #expect(PlistDate.seconds(from: "2001-01-01T00:00:00Z") == 0)
        #expect(
            PlistDate.seconds(from: "2020-05-17T09:30:00Z")
                == Date(timeIntervalSince1970: 1_589_707_800).timeIntervalSinceReferenceDate)
        #expect(PlistDate.seconds(from: "2001-01-01T00:00:05.25Z") == 5.25)
        #expect(PlistDate.seconds(from: "+2001-01-01T00:00:00Z") == 0)
        #expect(
            PlistDate.seconds(from: "-0044-03-15T12:00:00Z").map(PlistDate.text(forSeconds:)) == "-0044-03-15T12:00:00Z"
        )
        #expect(PlistDate.seconds(from: "0000-03-01T00:00:00Z") == Double(-719_468 - 11_323) * 86_400)
        #expect(PlistDate.seconds(from: "12000-01-01T00:00:00Z").map { $0 > 3e11 } == true)
        let refused = [
            "", "2001-01-01", "2001-01-01T00:00:00", "2001-01-01T00:00:00z", "201-01-01T00:00:00Z",
            "2001-02-30T00:00:00Z", "2001-01-01T24:00:00Z", "2001-01-01T00:60:00Z", "2001-01-01T00:00:00.Z",
            "2001-01-01T00:00:00ZZ", "123456789012-01-01T00:00:00Z", "2001-1-01T00:00:00Z", "yesterday",
        ]
        for text in refused { #expect(PlistDate.seconds(from: text) == nil, "\(text)") }
    }

    @Test("written text reads back to the whole second, in four-digit and expanded years")
    func writing() {
        #expect(PlistDate.text(forSeconds: 0) == "2001-01-01T00:00:00Z")
        #expect(PlistDate.text(forSeconds: -0.5) == "2000-12-31T23:59:59Z")
        #expect(PlistDate.text(forSeconds: 5.75) == "2001-01-01T00:00:05Z")
        #expect(PlistDate.text(forSeconds: -63_113_904_000) == "0001-01-01T00:00:00Z")
        #expect(PlistDate.text(forSeconds: .nan) == "2001-01-01T00:00:00Z")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let seconds = Double(Int64.random(in: -400_000_000_000...400_000_000_000, using: &generator))
            let text = PlistDate.text(forSeconds: seconds)
            #expect(PlistDate.seconds(from: text) == seconds, "\(seconds): \(text)")
        }
        let edge = PlistDate.text(forSeconds: PlistDate.writableRange.upperBound)
        #expect(PlistDate.seconds(from: edge) == PlistDate.writableRange.upperBound)
        #expect(PlistDate.text(forSeconds: .infinity) == edge)
    }
}
