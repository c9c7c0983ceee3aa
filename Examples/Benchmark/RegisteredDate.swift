import Foundation

/// The `registered` date strings of the benchmark data, e.g. `"2012-08-13T06:13:20 -00:00"`.
///
/// Parsed by hand (once, before any timing) so the result does not depend on locale settings.
enum RegisteredDate {
    /// A date string the benchmark data does not spell as expected.
    struct FormatError: Error, CustomStringConvertible {
        var text: String
        var description: String { "registered date \"\(text)\" is not of the form 2012-08-13T06:13:20 -00:00" }
    }

    /// Parses `text` into a date.
    static func date(from text: String) throws -> Date {
        let numbers = text.split(whereSeparator: { "-T: +".contains($0) }).map { Int($0) }
        guard numbers.count == 8, numbers.allSatisfy({ $0 != nil }), text.count == 26 else {
            throw FormatError(text: text)
        }
        let n = numbers.compactMap { $0 }
        let offsetSign = text.dropFirst(20).first == "-" ? -1 : 1
        let offset = offsetSign * (n[6] * 3600 + n[7] * 60)
        let seconds = daysSince1970(year: n[0], month: n[1], day: n[2]) * 86_400
            + n[3] * 3600 + n[4] * 60 + n[5] - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Formats whole seconds since 1970 (UTC) the way the benchmark data does.
    static func string(secondsSince1970 seconds: Int) -> String {
        let (year, month, day) = civilDate(daysSince1970: seconds / 86_400)
        let time = seconds % 86_400
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60)) -00:00"
    }

    // Howard Hinnant's days-from-civil algorithms, for dates after 1970.
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civilDate(daysSince1970 days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = z / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
