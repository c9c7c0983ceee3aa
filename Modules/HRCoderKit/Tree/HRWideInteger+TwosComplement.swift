extension HRWideInteger {
    /// The number a binary property list's 16-byte integer holds (two's complement, high word
    /// first), or `nil` when it fits `Int64`.
    init?(twosComplementHigh high: UInt64, low: UInt64) {
        let isNegative = high >> 63 == 1
        let magnitude: (high: UInt64, low: UInt64) = isNegative ? Self.negated(high: high, low: low) : (high, low)
        self.init(isNegative: isNegative, magnitudeHigh: magnitude.high, magnitudeLow: magnitude.low)
    }

    /// Whether a binary property list's 16-byte (signed 128-bit) integer holds the number: all
    /// but those above `Int128.max`.
    var fitsSixteenBytes: Bool { isNegative || magnitudeHigh <= UInt64(Int64.max) }

    /// The number as a binary property list's 16-byte integer: two's complement, high word
    /// first. A magnitude above `Int128.max` comes out as the negative number with its bits.
    var twosComplement: (high: UInt64, low: UInt64) {
        isNegative ? Self.negated(high: magnitudeHigh, low: magnitudeLow) : (magnitudeHigh, magnitudeLow)
    }

    /// −n in 128 bits: ~n + 1.
    private static func negated(high: UInt64, low: UInt64) -> (high: UInt64, low: UInt64) {
        let (negatedLow, carry) = (~low).addingReportingOverflow(1)
        return (~high &+ (carry ? 1 : 0), negatedLow)
    }
}
