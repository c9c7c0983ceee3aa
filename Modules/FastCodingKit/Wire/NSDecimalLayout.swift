import Foundation

/// The 20-byte `NSDecimal` struct of DecimalNumber chunks (spec §6.4).
enum NSDecimalLayout {
    static let size = 20

    static func read(from reader: inout ByteReader) throws(FastCodingError) -> Decimal {
        let start = reader.offset
        let bits = try reader.read(UInt32.self, "a decimal's flags")
        var words = [UInt16](repeating: 0, count: 8)
        for index in 0..<8 { words[index] = try reader.read(UInt16.self, "a decimal's mantissa") }
        let length = (bits >> 8) & 0xF
        guard length <= 8 else {
            throw .unexpectedChunk(.decimalNumber, offset: start, expected: "a mantissa length of at most 8 words")
        }
        let exponent = Int8(truncatingIfNeeded: bits & 0xFF)
        let isNegative = (bits >> 12) & 1
        if length == 0 { return isNegative == 1 ? .nan : .zero }
        // mantissa × 10^exponent, built from the most significant word down.
        var mantissa = Decimal.zero
        for index in stride(from: Int(length) - 1, through: 0, by: -1) {
            mantissa = mantissa * 65_536 + Decimal(Int(words[index]))
        }
        let magnitude = Decimal(sign: .plus, exponent: Int(exponent), significand: mantissa)
        return isNegative == 1 ? -magnitude : magnitude
    }

    static func write(_ value: Decimal, to writer: borrowing ByteWriter) {
        // Split |value| into an integer significand and a power-of-ten exponent.
        let exponent = value.isZero ? 0 : value.exponent
        let significand = value.significand.magnitude
        if value.isNaN {
            writer.write(UInt32(1 << 12))
            for _ in 0..<8 { writer.write(UInt16(0)) }
            return
        }
        var words: [UInt16] = []
        var remaining = significand
        while remaining > 0 && words.count < 8 {
            var quotient = Decimal()
            var rounded = remaining / 65_536
            NSDecimalRound(&quotient, &rounded, 0, .down)
            let word = remaining - quotient * 65_536
            words.append(UInt16(truncating: word as NSDecimalNumber))
            remaining = quotient
        }
        var bits = UInt32(UInt8(bitPattern: Int8(clamping: exponent)))
        bits |= UInt32(words.count) << 8
        if value.sign == .minus && !value.isZero { bits |= 1 << 12 }
        bits |= 1 << 13
        writer.write(bits)
        for index in 0..<8 { writer.write(index < words.count ? words[index] : 0) }
    }
}
