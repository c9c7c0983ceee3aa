import Foundation

/// The date shape of BaseModel's JSON: ISO 8601 in UTC, with milliseconds when writing.
enum ISO8601Date {
    /// The most fractional-second digits handed to the formatter: ICU divides by ten to the
    /// power of the digit count and dies of a floating-point exception (SIGFPE) on long runs
    /// (found by the `basemodel-json` fuzz target). Digits past nanoseconds, which a `Date`
    /// cannot hold anyway, are dropped.
    static let maximumFractionDigits = 9

    static func string(from date: Date) -> String {
        formatter(fractionalSeconds: true).string(from: date)
    }

    /// Accepts `YYYY-MM-DDThh:mm:ss`, optional fractional seconds, then `Z` or a `±hh:mm` offset;
    /// anything else is not a date and never reaches the formatter.
    static func date(from text: String) -> Date? {
        guard let text = internetDateTime(text) else { return nil }
        return formatter(fractionalSeconds: true).date(from: text)
            ?? formatter(fractionalSeconds: false).date(from: text)
    }

    /// `text` when it has the internet date-time shape, its fraction cut to
    /// ``maximumFractionDigits``; `nil` otherwise.
    private static func internetDateTime(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Bool {
            range.upperBound <= bytes.count && bytes[range].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        }
        func byte(_ index: Int, is character: Character) -> Bool {
            index < bytes.count && bytes[index] == character.asciiValue
        }
        guard digits(0..<4), byte(4, is: "-"), digits(5..<7), byte(7, is: "-"), digits(8..<10),
            byte(10, is: "T"), digits(11..<13), byte(13, is: ":"), digits(14..<16), byte(16, is: ":"),
            digits(17..<19)
        else { return nil }
        var kept = Array(bytes[0..<19])
        var index = 19
        if byte(index, is: ".") {
            let start = index + 1
            var end = start
            while end < bytes.count, bytes[end] >= 0x30, bytes[end] <= 0x39 { end += 1 }
            guard end > start else { return nil }
            kept += bytes[index..<min(end, start + maximumFractionDigits)]
            index = end
        }
        let zone = Array(bytes[index...])
        let isUTC = zone == Array("Z".utf8)
        let isOffset =
            zone.count == 6 && (zone[0] == UInt8(ascii: "+") || zone[0] == UInt8(ascii: "-"))
            && zone[3] == UInt8(ascii: ":") && [1, 2, 4, 5].allSatisfy { zone[$0] >= 0x30 && zone[$0] <= 0x39 }
        guard isUTC || isOffset else { return nil }
        return String(decoding: kept + zone, as: UTF8.self)
    }

    // ISO8601DateFormatter is not Sendable, so each call makes its own (cheap next to coding).
    private static func formatter(fractionalSeconds: Bool) -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.formatOptions =
            fractionalSeconds
            ? [.withInternetDateTime, .withFractionalSeconds]
            : [.withInternetDateTime]
        return formatter
    }
}
