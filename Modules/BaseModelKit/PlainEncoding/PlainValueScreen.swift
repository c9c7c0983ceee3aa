import Foundation

/// What a plain format's writer cannot hold as it is, settled before Foundation's encoder sees
/// the value: a value is refused with an error naming its coding path, or written in a form
/// the format's reader turns back into the same value.
struct PlainValueScreen {
    /// The writer the values go to.
    enum Writer: Sendable {
        case json
        case xmlPropertyList
        case binaryPropertyList
    }

    let writer: Writer

    /// The strings written so far, when the writer would store equal ones once (a binary
    /// property list, on a Foundation that merges them); `nil` otherwise.
    let strings: PlainStringTwins?

    init(writer: Writer) {
        self.writer = writer
        let mergesStrings = writer == .binaryPropertyList && PlainStringTwins.foundationMergesEquivalentStrings
        strings = mergesStrings ? PlainStringTwins() : nil
    }

    /// Whole seconds from 1583 to 9999: the dates an XML property list's `<date>` holds
    /// exactly. Foundation's reader takes earlier `<date>` text as Julian calendar dates (two
    /// days off in year 1) and its writer cannot spell years past 9999.
    private static let xmlDates = -13_190_860_800.0..<252_423_993_600.0

    /// The value to write for `date`: JSON's exact text (``ISO8601Date``); in an XML property
    /// list a `<date>` when it holds the date exactly (whole seconds, years 1583–9999), else the
    /// exact text, which the reader takes for a date; a binary property list's date as it is.
    ///
    /// - Throws: `EncodingError.invalidValue` for a date the text cannot hold (not finite, or
    ///   more than 2⁵³ seconds from 2001).
    func date(_ date: Date, at path: [any CodingKey]) throws -> any Encodable {
        let interval = date.timeIntervalSinceReferenceDate
        switch writer {
        case .binaryPropertyList:
            return date
        case .xmlPropertyList where Self.xmlDates.contains(interval) && interval.rounded(.down) == interval:
            return date
        case .json, .xmlPropertyList:
            guard let text = ISO8601Date.string(from: date) else {
                // The interval stands for the date: printing a non-finite `Date` traps.
                throw EncodingError.invalidValue(
                    interval,
                    EncodingError.Context(
                        codingPath: path,
                        debugDescription:
                            "the date \(interval) seconds from 2001 has no ISO 8601 text: dates must be finite "
                            + "and within 2^53 seconds of 2001"))
            }
            return text
        }
    }

    /// - Throws: `EncodingError.invalidValue` for `Decimal.nan` in JSON, whose numbers are finite
    ///   (Foundation's encoder would write `NaN`, which is not JSON).
    func check(_ decimal: Decimal, at path: [any CodingKey]) throws {
        guard writer == .json, decimal.isNaN else { return }
        throw EncodingError.invalidValue(
            decimal,
            EncodingError.Context(
                codingPath: path,
                debugDescription:
                    "Decimal.nan has no JSON form: JSON numbers are finite (use an optional for a missing value, "
                    + "or a property-list format)"))
    }

    /// `value` encoded by Foundation's `encode`, screened at every level.
    func encode<T: Encodable>(_ value: T, with encode: (any Encodable) throws -> Data) throws -> Data {
        var data: Data?
        try PlainEncoder.encode(value, at: [], screen: self) { data = try encode($0) }
        if let twin = strings?.twin { throw PlainStringTwins.error(for: twin) }
        return data ?? Data()
    }
}
