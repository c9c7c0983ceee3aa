import Foundation

/// The texts of XML property-list scalars as values, read alike by every kit.
package enum XMLPlistScalars {
    /// `text` without the blanks around it (`<integer> 7 </integer>` holds 7).
    package static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
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
