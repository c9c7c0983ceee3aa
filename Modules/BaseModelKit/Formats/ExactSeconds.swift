/// A `Double` count of seconds split into whole seconds and decimal fraction digits, and joined
/// again, with no rounding on the way: the digits are the exact decimal value of the shortest
/// text that reads back as the `Double` (Swift's `description`), and joining reads one decimal
/// number, so `join(split(x)) == x` for every finite `x` whose whole seconds an `Int64` holds.
///
/// Subtracting the whole second in floating point is not exact for small negative values
/// (`-1e-20 + 1` is `1.0`); decimal digit arithmetic is.
enum ExactSeconds {
    /// `interval`'s floor and the digits of `interval − floor` after the point (empty for whole
    /// seconds, no trailing zeros).
    static func split(_ interval: Double) -> (whole: Int64, fraction: String) {
        let (integer, fraction) = positional(interval.magnitude)
        let whole = Int64(integer) ?? 0
        guard interval < 0 else { return (whole, fraction) }
        guard !fraction.isEmpty else { return (-whole, "") }
        return (-whole - 1, complement(fraction))
    }

    /// The `Double` nearest `whole + 0.fraction`, which is the value ``split(_:)`` took apart;
    /// `nil` when `fraction` holds anything but digits.
    static func join(whole: Int64, fraction: String) -> Double? {
        let digits = fraction.utf8.reversed().drop(while: { $0 == UInt8(ascii: "0") }).reversed()
        guard digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        guard !digits.isEmpty else { return Double(whole) }
        let text = String(decoding: digits, as: UTF8.self)
        if whole >= 0 { return Double("\(whole).\(text)") }
        // whole + 0.d = −((|whole| − 1) + (1 − 0.d))
        return Double("-\(whole.magnitude - 1).\(complement(text))")
    }

    /// The digits of 1 − 0.`digits` (`digits` not all zeros, no trailing zeros): each digit's
    /// nines' complement, the last one's tens' complement.
    private static func complement(_ digits: String) -> String {
        var bytes = Array(digits.utf8)
        guard let last = bytes.lastIndex(where: { $0 != UInt8(ascii: "0") }) else { return "" }
        bytes.removeSubrange((last + 1)...)
        for index in bytes.indices {
            let digit = bytes[index] - UInt8(ascii: "0")
            bytes[index] = UInt8(ascii: "0") + (index == last ? 10 - digit : 9 - digit)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The integer and fraction digits of a non-negative finite value's shortest text
    /// (`"1.5e-05"` → `("0", "000015")`, `"812345678.5"` → `("812345678", "5")`).
    private static func positional(_ value: Double) -> (integer: String, fraction: String) {
        let text = value.description
        let mantissa: Substring
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...]) ?? 0
        } else {
            mantissa = text[...]
        }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let digits = parts.joined()
        var point = parts[0].count + exponent
        var padded = digits
        if point < 0 {
            padded = String(repeating: "0", count: -point) + padded
            point = 0
        }
        if point > padded.count { padded += String(repeating: "0", count: point - padded.count) }
        let integer = String(padded.prefix(point))
        let fraction = String(padded.dropFirst(point).reversed().drop(while: { $0 == "0" }).reversed())
        return (integer.isEmpty ? "0" : integer, fraction)
    }
}
