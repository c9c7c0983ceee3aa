import Foundation

/// The date shape of BaseModel's JSON: ISO 8601 in UTC, with milliseconds when writing.
enum ISO8601Date {
    static func string(from date: Date) -> String {
        formatter(fractionalSeconds: true).string(from: date)
    }

    /// Accepts the shape with or without fractional seconds.
    static func date(from text: String) -> Date? {
        formatter(fractionalSeconds: true).date(from: text) ?? formatter(fractionalSeconds: false).date(from: text)
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
