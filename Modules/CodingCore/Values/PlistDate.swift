/// The `<date>` text of XML property lists (`2001-01-01T00:00:00Z`), to and from seconds since
/// 2001-01-01 00:00:00 UTC, in the proleptic Gregorian calendar (``CivilDate``): the one codec
/// of HRCoder's and keyed archives' XML.
///
/// Reading accepts fractional seconds (`…:05.25Z`) and years outside 0…9999 written with a
/// sign or more digits (`-0044-03-15T…`, `12000-01-01T…`), as ISO 8601's expanded years do.
/// Writing keeps whole seconds (rounded down, as Apple's writer does), four-digit years where
/// they fit and the expanded form elsewhere, so every date written reads back.
package enum PlistDate {
    /// Days from 1970-01-01 to 2001-01-01.
    private static let referenceDay: Int64 = 11_323
    /// The seconds since 2001 that ``text(forSeconds:)`` writes as they are; others are clamped.
    package static let writableRange: ClosedRange<Double> = -1.0e15...1.0e15

    /// Seconds since 2001 for `text`, or `nil` when it is not
    /// `[±]YYYY-MM-DDTHH:MM:SS[.fraction]Z` (a year of four to eleven digits) naming a real day.
    package static func seconds(from text: String) -> Double? {
        var text = text
        return text.withUTF8 { seconds(fromBytes: $0) }
    }

    private static func seconds(fromBytes text: UnsafeBufferPointer<UInt8>) -> Double? {
        var cursor = 0
        func isDigit(_ index: Int) -> Bool {
            index < text.count && text[index] >= UInt8(ascii: "0") && text[index] <= UInt8(ascii: "9")
        }
        func take(_ byte: UInt8) -> Bool {
            guard cursor < text.count, text[cursor] == byte else { return false }
            cursor += 1
            return true
        }
        func digits(_ count: Int) -> Int64? {
            var value: Int64 = 0
            for _ in 0..<count {
                guard isDigit(cursor) else { return nil }
                value = value * 10 + Int64(text[cursor] - UInt8(ascii: "0"))
                cursor += 1
            }
            return value
        }
        let isNegative = take(UInt8(ascii: "-"))
        if !isNegative { _ = take(UInt8(ascii: "+")) }
        var year: Int64 = 0
        var yearDigits = 0
        while isDigit(cursor) {
            // Eleven digits reach far past any date a `Double` of seconds tells apart.
            guard yearDigits < 11 else { return nil }
            year = year * 10 + Int64(text[cursor] - UInt8(ascii: "0"))
            yearDigits += 1
            cursor += 1
        }
        guard yearDigits >= 4, take(UInt8(ascii: "-")), let month = digits(2), take(UInt8(ascii: "-")),
            let day = digits(2), take(UInt8(ascii: "T")), let hour = digits(2), take(UInt8(ascii: ":")),
            let minute = digits(2), take(UInt8(ascii: ":")), let second = digits(2),
            hour < 24, minute < 60, second < 61,
            let date = CivilDate(year: isNegative ? -year : year, month: month, day: day)
        else { return nil }
        var fraction = 0.0
        if take(UInt8(ascii: ".")) {
            let start = cursor
            while isDigit(cursor) { cursor += 1 }
            // Parsed as one decimal number, so the fraction is the nearest `Double`; digits past
            // the 40th cannot move it.
            let end = min(cursor, start + 40)
            guard end > start, let value = Double("0." + String(decoding: text[start..<end], as: UTF8.self)) else {
                return nil
            }
            fraction = value
        }
        guard take(UInt8(ascii: "Z")), cursor == text.count else { return nil }
        let days = date.daysSince1970 - referenceDay
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second) + fraction
    }

    /// The `<date>` text of `seconds` since 2001, in whole seconds rounded down. Seconds outside
    /// ``writableRange`` are clamped to it and NaN is written as 2001-01-01: callers that must
    /// keep every date write those another way.
    package static func text(forSeconds seconds: Double) -> String {
        let clamped = seconds.isNaN ? 0 : min(max(seconds, writableRange.lowerBound), writableRange.upperBound)
        let (days, secondOfDay) = CivilDate.floorDivision(Int64(clamped.rounded(.down)), 86_400)
        let date = CivilDate(daysSince1970: days + referenceDay)
        // At most 26 bytes: a sign, the 8 digits of a year 10^15 seconds away, and 17 more.
        return String(unsafeUninitializedCapacity: 32) { buffer in
            var index = 0
            func put(_ byte: UInt8) {
                buffer[index] = byte
                index += 1
            }
            /// `value` (not negative) in decimal, zero-padded to `width` digits.
            func put(_ value: Int64, width: Int) {
                var count = 1
                var rest = value
                while rest >= 10 {
                    rest /= 10
                    count += 1
                }
                rest = value
                for position in (index..<(index + max(count, width))).reversed() {
                    buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                index += max(count, width)
            }
            if date.year < 0 { put(UInt8(ascii: "-")) }
            put(abs(date.year), width: 4)
            put(UInt8(ascii: "-"))
            put(date.month, width: 2)
            put(UInt8(ascii: "-"))
            put(date.day, width: 2)
            put(UInt8(ascii: "T"))
            put(secondOfDay / 3600, width: 2)
            put(UInt8(ascii: ":"))
            put(secondOfDay / 60 % 60, width: 2)
            put(UInt8(ascii: ":"))
            put(secondOfDay % 60, width: 2)
            put(UInt8(ascii: "Z"))
            return index
        }
    }
}
