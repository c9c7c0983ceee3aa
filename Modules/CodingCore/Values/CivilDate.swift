/// A day of the proleptic Gregorian calendar and its number of days from 1970-01-01, converted
/// both ways without Foundation's calendars (which switch to the Julian calendar before 1582
/// and have no year 0): exact, and the same on every platform.
///
/// Every date text of the suite uses it: the `<date>` of XML property lists (``PlistDate``)
/// and the ISO 8601 text of BaseModelKit's plain formats.
package struct CivilDate: Equatable, Sendable {
    /// The year; 0 is 1 BC, -1 is 2 BC.
    package let year: Int64
    /// The month, 1…12.
    package let month: Int64
    /// The day of the month, 1…31.
    package let day: Int64

    /// The date `year`-`month`-`day`, when the month has that day.
    package init?(year: Int64, month: Int64, day: Int64) {
        guard (1...12).contains(month), day >= 1, day <= Self.days(inMonth: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `daysSince1970` days after 1970-01-01 (Howard Hinnant's `civil_from_days`).
    package init(daysSince1970: Int64) {
        let shifted = daysSince1970 + 719_468
        let era = Self.floorDivision(shifted, 146_097).quotient
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days from 1970-01-01 to this date (`days_from_civil`).
    package var daysSince1970: Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = Self.floorDivision(shiftedYear, 400).quotient
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The number of days of `month` in `year`.
    package static func days(inMonth month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `value` divided by a positive `divisor`, rounded toward negative infinity, and the
    /// remainder (never negative).
    package static func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = value / divisor - (value % divisor < 0 ? 1 : 0)
        return (quotient, value - quotient * divisor)
    }
}
