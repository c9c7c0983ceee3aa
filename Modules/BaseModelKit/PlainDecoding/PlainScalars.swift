import Foundation

/// The scalar readings of a plain value tree: the original's lenient key-value coding, kept
/// only where a value converts exactly.
///
/// `"42"` is 42 and `1` is `true`, as key-value coding made them; `"large"` is no `Int`, `2.7`
/// is no `Int` and `2` is no `Bool`, so those are type mismatches naming their coding path.
/// Property lists and JSON read by Foundation's parsers hold `String`, `NSNumber` (with a
/// distinct class for booleans), `Bool`, `Date`, `Data`, arrays, dictionaries and `NSNull`;
/// a dictionary given to ``BaseModel/instance(with:)`` may hold Swift values of any of these.
enum PlainScalars {
    /// The class Foundation's parsers give JSON's `true` and `false`.
    private static let booleanNumberClass: AnyClass = type(of: NSNumber(value: true))

    /// Whether `value` is a boolean rather than a number that happens to be 0 or 1.
    static func isBoolean(_ value: Any) -> Bool {
        if let number = value as? NSNumber { return type(of: number) == booleanNumberClass }
        return value is Bool
    }

    /// A non-boolean number.
    private static func number(_ value: Any) -> NSNumber? {
        guard !isBoolean(value) else { return nil }
        return value as? NSNumber
    }

    /// A boolean, a number that is 0 or 1, or `true`, `false`, `yes`, `no`, `1`, `0` in any case.
    static func bool(_ value: Any) -> Bool? {
        if isBoolean(value) { return (value as? Bool) ?? (value as? NSNumber)?.boolValue }
        if let number = number(value) {
            switch number.doubleValue {
            case 0: return false
            case 1: return true
            default: return nil
            }
        }
        guard let text = value as? String else { return nil }
        switch text.lowercased() {
        case "true", "yes", "1": return true
        case "false", "no", "0": return false
        default: return nil
        }
    }

    /// An integer that fits `T` exactly: a whole number (of any stored width), a boolean as 0 or
    /// 1, or a string that is such a number in decimal.
    static func integer<T: FixedWidthInteger>(_ value: Any, as type: T.Type) -> T? {
        if isBoolean(value) { return bool(value).map { $0 ? 1 : 0 } }
        if let text = value as? String { return T(text) }
        guard let number = number(value) else { return nil }
        if number is NSDecimalNumber { return T(number.stringValue) }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "d"), UInt8(ascii: "f"):
            return T(exactly: number.doubleValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            return T(exactly: number.uint64Value)
        default:
            return T(exactly: number.int64Value)
        }
    }

    /// A `Double`: any number (a huge integer rounded to the nearest), or a string that reads as one.
    static func double(_ value: Any) -> Double? {
        if let text = value as? String { return Double(text) }
        return number(value)?.doubleValue
    }

    /// A `Float`: a `Double` rounded, refused when a finite one lies beyond `Float`'s range.
    static func float(_ value: Any) -> Float? {
        double(value).flatMap(Float.init(archivedDouble:))
    }

    /// A string, or a number written in decimal.
    static func string(_ value: Any) -> String? {
        if let text = value as? String { return text }
        return number(value)?.stringValue
    }

    /// A date, or JSON's ISO 8601 text.
    static func date(_ value: Any) -> Date? {
        if let date = value as? Date { return date }
        return (value as? String).flatMap(ISO8601Date.date(from:))
    }

    /// Bytes, or JSON's base64 text.
    static func data(_ value: Any) -> Data? {
        if let data = value as? Data { return data }
        return (value as? String).flatMap { Data(base64Encoded: $0) }
    }

    /// A URL, or text that parses as one (Foundation's coders write a URL as its absolute string).
    static func url(_ value: Any) -> URL? {
        if let url = value as? URL { return url }
        return (value as? String).flatMap { URL(string: $0) }
    }

    /// A decimal: a number as it is written, or text that is a number in full.
    static func decimal(_ value: Any) -> Decimal? {
        if let decimal = value as? Decimal { return decimal }
        guard let text = string(value), !text.isEmpty else { return nil }
        let scanner = Scanner(string: text)
        guard let decimal = scanner.scanDecimal(), scanner.isAtEnd else { return nil }
        return decimal
    }

    /// How a value is named in a type mismatch.
    static func kind(of value: Any) -> String {
        switch value {
        case is NSNull: "null"
        case let text as String: "the string '\(text.count > 40 ? text.prefix(40) + "…" : Substring(text))'"
        case _ where isBoolean(value): "a boolean"
        case let number as NSNumber: "the number \(number.stringValue)"
        case is [String: Any]: "a dictionary"
        case is [Any]: "an array"
        case is Date: "a date"
        case is Data: "data"
        default: "a value of type \(type(of: value))"
        }
    }
}
