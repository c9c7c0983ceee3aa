import CodingCore
import Foundation

/// The date text of BaseModel's plain formats: ISO 8601 in UTC, exact to the bit.
///
/// A date is written as its whole second (`2026-11-24T09:30:00Z`, proleptic Gregorian calendar,
/// years outside 0…9999 with a sign and four or more digits: `-0001`, `+11507`) and, when it has
/// one, the exact decimal fraction left over (`.123456789`, `.25`; see ``ExactSeconds``).
/// Reading joins the two again, so every finite date within ±2⁵³ seconds of 2001 comes back as
/// the same `Date`. Reading also accepts the shape older versions wrote:
/// milliseconds, no fraction, or a `±hh:mm` offset. The arithmetic is done here, without a date
/// formatter: calendar formatters switch to the Julian calendar before 1582 and cannot write
/// year 0.
enum ISO8601Date {
    /// Seconds between 1970 and 2001, the reference date of `Date`.
    private static let unixToReference: Int64 = 978_307_200
    /// The largest magnitude, in seconds since 2001, whose whole seconds a `Double` holds exactly.
    static let limit = 9_007_199_254_740_992.0
    /// Fraction digits parsed at most: more than the writer ever writes (the least `Double`,
    /// 5e-324, takes 324 places after the point); digits past these are skipped.
    private static let maximumFractionDigits = 400

    /// The exact text of `date`; `nil` for a date that is not finite or lies beyond ``limit``.
    static func string(from date: Date) -> String? {
        let interval = date.timeIntervalSinceReferenceDate
        guard interval.isFinite, abs(interval) < limit else { return nil }
        let (whole, fraction) = ExactSeconds.split(interval)
        let seconds = whole + unixToReference
        let (days, secondOfDay) = CivilDate.floorDivision(seconds, 86_400)
        let civil = CivilDate(daysSince1970: days)
        var text = yearText(civil.year) + "-" + padded(civil.month, 2) + "-" + padded(civil.day, 2) + "T"
        text +=
            padded(secondOfDay / 3600, 2) + ":" + padded(secondOfDay / 60 % 60, 2) + ":" + padded(secondOfDay % 60, 2)
        if !fraction.isEmpty { text += "." + fraction }
        return text + "Z"
    }

    /// The date `text` names, when it has the shape `[±]YYYY-MM-DDThh:mm:ss[.f…](Z|±hh:mm)`
    /// with valid fields; `nil` otherwise.
    static func date(from text: String) -> Date? {
        var scanner = Scanner(bytes: Array(text.utf8))
        let isNegative = scanner.take("-")
        if !isNegative { _ = scanner.take("+") }
        guard let yearField = scanner.number(minimum: 4, maximum: 9),
            scanner.take("-"), let month = scanner.number(exactly: 2), scanner.take("-"),
            let day = scanner.number(exactly: 2), scanner.take("T"), let hour = scanner.number(exactly: 2),
            scanner.take(":"), let minute = scanner.number(exactly: 2), scanner.take(":"),
            let second = scanner.number(exactly: 2)
        else { return nil }
        guard let civil = CivilDate(year: isNegative ? -yearField.value : yearField.value, month: month, day: day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var fraction = ""
        if scanner.take(".") {
            fraction = String(scanner.digitRun().prefix(maximumFractionDigits))
            guard !fraction.isEmpty else { return nil }
        }
        var offset: Int64 = 0
        if !scanner.take("Z") {
            let offsetSign: Int64 = scanner.take("+") ? 1 : (scanner.take("-") ? -1 : 0)
            guard offsetSign != 0, let hours = scanner.number(exactly: 2), scanner.take(":"),
                let minutes = scanner.number(exactly: 2), hours < 24, minutes < 60
            else { return nil }
            offset = offsetSign * (hours * 3600 + minutes * 60)
        }
        guard scanner.isAtEnd else { return nil }
        let seconds = civil.daysSince1970 * 86_400 + hour * 3600 + minute * 60 + second - offset - unixToReference
        return ExactSeconds.join(whole: seconds, fraction: fraction).map(Date.init(timeIntervalSinceReferenceDate:))
    }

    private static func yearText(_ year: Int64) -> String {
        if (0...9999).contains(year) { return padded(year, 4) }
        return (year < 0 ? "-" : "+") + padded(abs(year), 4)
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(width - digits.count, 0)) + digits
    }

    /// Reads ASCII fields from the front of the text.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        var isAtEnd: Bool { index == bytes.count }

        mutating func take(_ character: Character) -> Bool {
            guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
            index += 1
            return true
        }

        mutating func digits(maximum: Int) -> String? {
            let start = index
            while index < bytes.count, index - start <= maximum, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index - start <= maximum else { return nil }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// Every digit from here on, however many.
        mutating func digitRun() -> String {
            let start = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        mutating func number(exactly count: Int) -> Int64? {
            number(minimum: count, maximum: count)?.value
        }

        /// A run of `minimum`…`maximum` digits and its length.
        mutating func number(minimum: Int, maximum: Int) -> (value: Int64, count: Int)? {
            guard let text = digits(maximum: maximum), text.count >= minimum, let value = Int64(text) else {
                return nil
            }
            return (value, text.count)
        }
    }
}
