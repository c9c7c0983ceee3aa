import Foundation

/// Short, locale-independent number spellings for the text report.
enum NumberFormatting {
    /// `value` with `digits` decimals, e.g. `fixed(4.1234, 2)` → `"4.12"` (no locale applied).
    static func fixed(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    /// `value` with thousands separators, e.g. `1436000` → `"1,436,000"`.
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return (value < 0 ? "-" : "") + text
    }

    /// `value` rounded to `digits` decimals, for JSON output.
    static func rounded(_ value: Double, _ digits: Int) -> Double {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return (value * scale).rounded() / scale
    }
}
