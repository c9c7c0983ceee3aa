import Foundation

/// `NSDecimalNumber`'s keyed layout, built from `Decimal`'s public API: the exponent, the sign,
/// and the mantissa as up to eight little-endian 16-bit words (a 128-bit integer).
struct DecimalLayout: Equatable {
    var exponent: Int
    var isNegative: Bool
    /// Little-endian 16-bit words, without high zero words.
    var words: [UInt16]

    init(exponent: Int, isNegative: Bool, words: [UInt16]) {
        self.exponent = exponent
        self.isNegative = isNegative
        self.words = words
    }

    init(_ decimal: Decimal) {
        exponent = decimal.exponent
        isNegative = decimal.sign == .minus && !decimal.isZero
        var words = [UInt16](repeating: 0, count: 8)
        let digits = (decimal.significand.magnitude as Decimal).description.utf8
        for digit in digits where (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) {
            var carry = UInt32(digit - UInt8(ascii: "0"))
            for index in words.indices {
                let product = UInt32(words[index]) * 10 + carry
                words[index] = UInt16(product & 0xFFFF)
                carry = product >> 16
            }
        }
        while words.last == 0 { words.removeLast() }
        self.words = words
    }

    /// The mantissa bytes as `NS.mantissa` stores them (little-endian words).
    var mantissaBytes: Data {
        Data(words.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
    }

    /// Reads `NS.mantissa` bytes in byte order `byteOrder` (1 little-endian, 2 big-endian).
    init?(exponent: Int, isNegative: Bool, length: Int, mantissa: Data, byteOrder: Int) {
        guard (0...8).contains(length), mantissa.count >= 2 * length, exponent >= -128, exponent <= 127 else {
            return nil
        }
        let bytes = Array(mantissa)
        var words: [UInt16] = []
        for index in 0..<length {
            let low = UInt16(bytes[2 * index])
            let high = UInt16(bytes[2 * index + 1])
            words.append(byteOrder == 2 ? low << 8 | high : high << 8 | low)
        }
        while words.last == 0 { words.removeLast() }
        self.init(exponent: exponent, isNegative: isNegative, words: words)
    }

    var decimal: Decimal {
        // The 128-bit mantissa in decimal digits, by repeated division by 10.
        var remaining = words
        var digits: [UInt8] = []
        while remaining.contains(where: { $0 != 0 }) {
            var remainder: UInt32 = 0
            for index in remaining.indices.reversed() {
                let value = remainder << 16 | UInt32(remaining[index])
                remaining[index] = UInt16(value / 10)
                remainder = value % 10
            }
            digits.append(UInt8(ascii: "0") + UInt8(remainder))
        }
        let text = digits.isEmpty ? "0" : String(decoding: digits.reversed(), as: UTF8.self)
        let significand = Decimal(string: text) ?? 0
        return Decimal(sign: isNegative ? .minus : .plus, exponent: exponent, significand: significand)
    }
}
