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

    /// `NSDecimal`'s NaN: no mantissa words, and the sign set.
    static let notANumber = DecimalLayout(exponent: 0, isNegative: true, words: [])

    /// Whether the layout is NaN (`NSDecimal` marks it with a negative sign on an empty mantissa).
    var isNaN: Bool { isNegative && words.isEmpty }

    init(_ decimal: Decimal) {
        guard !decimal.isNaN else {
            self = .notANumber
            return
        }
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

    /// An integer's exact layout: its magnitude as the mantissa, exponent 0 (a 128-bit mantissa
    /// holds every `Int128` and `UInt128`).
    init<T: BinaryInteger>(integer: T) {
        var magnitude = integer.magnitude
        var words: [UInt16] = []
        while magnitude != 0 {
            words.append(UInt16(truncatingIfNeeded: magnitude))
            magnitude >>= 16
        }
        self.init(exponent: 0, isNegative: integer < 0, words: words)
    }

    /// The integer the layout holds exactly, or `nil` when it holds NaN, a fraction, or a value
    /// beyond `T`.
    func integer<T: FixedWidthInteger>(as type: T.Type) -> T? {
        guard !isNaN, words.count <= 8 else { return nil }
        var magnitude: UInt128 = 0
        for word in words.reversed() { magnitude = magnitude << 16 | UInt128(word) }
        var scale = exponent
        while scale < 0 {
            guard magnitude % 10 == 0 else { return nil }
            magnitude /= 10
            scale += 1
        }
        while scale > 0, magnitude != 0 {
            let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            magnitude = product
            scale -= 1
        }
        guard isNegative else { return T(exactly: magnitude) }
        guard T.isSigned, let wide = Int128(exactly: magnitude) ?? (magnitude == UInt128(1) << 127 ? .min : nil)
        else { return magnitude == 0 ? 0 : nil }
        return T(exactly: wide == .min ? wide : -wide)
    }

    var decimal: Decimal {
        if isNaN { return .nan }
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
