import Foundation

/// The 20-byte `NSDecimal` struct of DecimalNumber chunks (spec §6.4).
///
/// Besides `Decimal`s, it holds the integers no integer chunk can: unsigned values above
/// `Int64.max` and 128-bit integers, exactly (its mantissa has 128 bits). The original reads
/// them as `NSDecimalNumber`s.
enum NSDecimalLayout {
    static let size = 20

    /// The struct's fields: a power-of-ten exponent, the sign, and the mantissa in 16-bit words,
    /// least significant first.
    struct Fields {
        var exponent: Int8
        var isNegative: Bool
        var words: [UInt16]

        /// NaN: no mantissa, negative (how `NSDecimal` marks it).
        var isNaN: Bool { words.isEmpty && isNegative }
    }

    static func readFields(from reader: inout ByteReader) throws(FastCodingError) -> Fields {
        let start = reader.offset
        let bits = try reader.read(UInt32.self, "a decimal's flags")
        var words = [UInt16](repeating: 0, count: 8)
        for index in 0..<8 { words[index] = try reader.read(UInt16.self, "a decimal's mantissa") }
        let length = Int((bits >> 8) & 0xF)
        guard length <= 8 else {
            throw .unexpectedChunk(.decimalNumber, offset: start, expected: "a mantissa length of at most 8 words")
        }
        return Fields(
            exponent: Int8(truncatingIfNeeded: bits & 0xFF), isNegative: (bits >> 12) & 1 == 1,
            words: Array(words[..<length]))
    }

    static func read(from reader: inout ByteReader) throws(FastCodingError) -> Decimal {
        let fields = try readFields(from: &reader)
        if fields.words.isEmpty { return fields.isNegative ? .nan : .zero }
        // mantissa × 10^exponent, built from the most significant word down.
        var mantissa = Decimal.zero
        for word in fields.words.reversed() { mantissa = mantissa * 65_536 + Decimal(Int(word)) }
        let magnitude = Decimal(sign: .plus, exponent: Int(fields.exponent), significand: mantissa)
        return fields.isNegative ? -magnitude : magnitude
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
        write(
            Fields(exponent: Int8(clamping: exponent), isNegative: value.sign == .minus && !value.isZero, words: words),
            to: writer)
    }

    static func write(_ fields: Fields, to writer: borrowing ByteWriter) {
        var bits = UInt32(UInt8(bitPattern: fields.exponent))
        bits |= UInt32(fields.words.count) << 8
        if fields.isNegative { bits |= 1 << 12 }
        bits |= 1 << 13
        writer.write(bits)
        for index in 0..<8 { writer.write(index < fields.words.count ? fields.words[index] : 0) }
    }
}
