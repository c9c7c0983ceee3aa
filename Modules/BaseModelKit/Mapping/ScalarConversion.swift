import Foundation

/// The original's lenient scalar setting: key-value coding unboxed numbers into any scalar and
/// read strings with `NSString`'s `integerValue`/`doubleValue`/`boolValue`. JSON's ISO 8601 date
/// strings and base64 strings become `Date` and `Data` for properties of those types.
enum ScalarConversion {
    private static let signedIntegers: [Any.Type] = [Int.self, Int8.self, Int16.self, Int32.self, Int64.self]
    private static let unsignedIntegers: [Any.Type] = [UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self]
    private static let floatingPoint: [Any.Type] = [Double.self, Float.self]

    /// `value` converted for a property of `type`, or `nil` when `type` is not a scalar type
    /// this conversion knows (the value is then used as it is).
    static func convert(_ value: Any, to type: Any.Type) -> Any? {
        let text = value as? String
        let number = text == nil ? value as? NSNumber : nil
        guard text != nil || number != nil else {
            return nil
        }
        if type == String.self {
            return text ?? number?.stringValue
        }
        if type == Bool.self {
            return text.map { NSString(string: $0).boolValue } ?? number?.boolValue
        }
        if let number, !fitsInteger(number),
            signedIntegers.contains(where: { $0 == type })
                || unsignedIntegers.contains(where: { $0 == type })
        {
            return number  // out of range or not finite: the decoder reports it
        }
        if signedIntegers.contains(where: { $0 == type }) {
            return NSNumber(value: text.map { NSString(string: $0).longLongValue } ?? number?.int64Value ?? 0)
        }
        if unsignedIntegers.contains(where: { $0 == type }) {
            if let text {
                let parsed = NSString(string: text).longLongValue
                return parsed < 0 ? NSNumber(value: parsed) : NSNumber(value: UInt64(parsed))
            }
            if let number, number.doubleValue < 0 { return NSNumber(value: number.int64Value) }
            return NSNumber(value: number?.uint64Value ?? 0)
        }
        if floatingPoint.contains(where: { $0 == type }) {
            return NSNumber(value: text.map { NSString(string: $0).doubleValue } ?? number?.doubleValue ?? 0)
        }
        if type == Date.self, let text {
            return ISO8601Date.date(from: text) ?? text
        }
        if type == Data.self, let text {
            return Data(base64Encoded: text) ?? text
        }
        return nil
    }

    /// Whether truncating `number` to a 64-bit integer keeps its magnitude (the original's
    /// unboxing truncated fractions; it never turned 1e300 into a negative number).
    private static func fitsInteger(_ number: NSNumber) -> Bool {
        let value = number.doubleValue
        return value.isFinite && value > -9.3e18 && value < 1.85e19
    }
}
