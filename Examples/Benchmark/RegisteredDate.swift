import Foundation

/// The `registered` date strings of the benchmark data, e.g. `"2012-08-13T06:13:20 -00:00"`.
///
/// Read field by field with a fixed Gregorian UTC calendar (once, before any timing), so the
/// result does not depend on the machine's locale or time zone.
enum RegisteredDate {
    /// A date string the benchmark data does not spell as expected.
    struct FormatError: Error, CustomStringConvertible {
        var text: String
        var description: String { "registered date \"\(text)\" is not of the form 2012-08-13T06:13:20 -00:00" }
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    /// Parses `text` into a date.
    static func date(from text: String) throws -> Date {
        let fields = text.split(whereSeparator: { "-T: +".contains($0) }).compactMap { Int($0) }
        guard fields.count == 8, text.count == 26, text.dropFirst(19).first == " " else {
            throw FormatError(text: text)
        }
        let offsetSign = text.dropFirst(20).first == "-" ? -1 : 1
        let components = DateComponents(
            year: fields[0], month: fields[1], day: fields[2], hour: fields[3], minute: fields[4], second: fields[5]
        )
        guard let local = calendar.date(from: components) else { throw FormatError(text: text) }
        return local.addingTimeInterval(TimeInterval(-offsetSign * (fields[6] * 3600 + fields[7] * 60)))
    }

    /// Formats whole seconds since 1970 (UTC) the way the benchmark data does.
    static func string(secondsSince1970 seconds: Int) -> String {
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: TimeInterval(seconds))
        )
        func two(_ value: Int?) -> String { String(String(100 + (value ?? 0)).dropFirst()) }
        return
            "\(parts.year ?? 1970)-\(two(parts.month))-\(two(parts.day))T\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) -00:00"
    }
}
