import Foundation

/// The texts of XML property-list scalars as values, read alike by every kit.
package enum XMLPlistScalars {
    /// `text` without the blanks around it (`<integer> 7 </integer>` holds 7).
    package static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The value of an `<integer>`'s trimmed text when it fits `Int64`: decimal, or
    /// hexadecimal after `0x` or `0X`.
    package static func integer(_ trimmed: String) -> Int64? {
        Int64(trimmed) ?? hexadecimal(trimmed).flatMap { Int64(exactly: $0) }
    }

    /// The value of an `<integer>`'s trimmed text above `Int64.max` that fits `UInt64`.
    package static func unsignedInteger(_ trimmed: String) -> UInt64? {
        guard let value = UInt64(trimmed) ?? hexadecimal(trimmed), value > UInt64(Int64.max) else { return nil }
        return value
    }

    private static func hexadecimal(_ trimmed: String) -> UInt64? {
        guard trimmed.hasPrefix("0x") || trimmed.hasPrefix("0X") else { return nil }
        return UInt64(trimmed.dropFirst(2), radix: 16)
    }

    /// The value of a `<real>`'s trimmed text: a decimal or hexadecimal floating-point number,
    /// or `nan`, `inf`, `infinity` with an optional sign, in any case (CoreFoundation's
    /// spellings).
    package static func real(_ trimmed: String) -> Double? {
        switch trimmed.lowercased() {
        case "nan": .nan
        case "+infinity", "infinity", "inf", "+inf": .infinity
        case "-infinity", "-inf": -.infinity
        default: Double(trimmed)
        }
    }

    /// The bytes of a `<data>`'s base64 text, whose lines and blanks are ignored.
    package static func data(_ text: String) -> Data? {
        Data(base64Encoded: String(text.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) }))
    }
}
