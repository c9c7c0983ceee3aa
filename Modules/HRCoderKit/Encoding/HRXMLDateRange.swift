import Foundation

/// The dates an XML property list's `<date>` holds exactly: whole seconds (`yyyy-MM-ddTHH:mm:ssZ`)
/// from year 1 to year 9999. The encoder writes any other date, for XML, in the tagged form
/// JSON uses (`{"$class":"NSDate","NS.time":…}`), which every reader of HRCoder takes as a date.
enum HRXMLDateRange {
    /// 0001-01-01T00:00:00Z, in seconds since 2001-01-01.
    static let first: Double = -63_113_904_000
    /// 9999-12-31T23:59:59Z, in seconds since 2001-01-01.
    static let last: Double = 252_423_993_599

    /// Whether `<date>` holds `date` exactly.
    static func holds(_ date: Date) -> Bool {
        let seconds = date.timeIntervalSinceReferenceDate
        return seconds >= first && seconds <= last && seconds.rounded(.down) == seconds
    }
}
