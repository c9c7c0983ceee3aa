/// An integer outside `Int64`'s range that a 128-bit integer holds, from `Int128.min` (−2¹²⁷)
/// to `UInt128.max` (2¹²⁸ − 1): the payload of ``HRValue/wideInteger(_:)``.
///
/// It is a sign and a 128-bit magnitude in two 64-bit words, so it exists wherever the package
/// runs (Swift's `Int128` and `UInt128` need macOS 15). It never holds a number that fits
/// `Int64`: such a number is an ``HRValue/integer(_:)``, the one form every reader produces, so
/// equal numbers are equal nodes.
///
/// ```swift
/// import HRCoderKit
///
/// let wide = HRWideInteger("18446744073709551616")!  // 2⁶⁴
/// print(wide)  // 18446744073709551616
/// print(wide.exactly(as: UInt64.self) == nil)  // true
/// print(HRWideInteger(exactly: 42) == nil)  // true — 42 is an HRValue.integer
/// ```
public struct HRWideInteger: Sendable, Hashable, LosslessStringConvertible {
    /// Whether the number is below zero.
    public let isNegative: Bool
    /// The upper 64 bits of the number's magnitude (its absolute value).
    public let magnitudeHigh: UInt64
    /// The lower 64 bits of the number's magnitude (its absolute value).
    public let magnitudeLow: UInt64

    /// The number with this sign and magnitude, or `nil` when it fits `Int64` or lies outside
    /// `Int128.min...UInt128.max`.
    public init?(isNegative: Bool, magnitudeHigh: UInt64, magnitudeLow: UInt64) {
        if isNegative {
            // Below Int64.min (magnitude above 2⁶³), down to Int128.min (magnitude 2¹²⁷).
            guard magnitudeHigh != 0 || magnitudeLow > 1 << 63,
                magnitudeHigh < 1 << 63 || magnitudeHigh == 1 << 63 && magnitudeLow == 0
            else { return nil }
        } else {
            guard magnitudeHigh != 0 || magnitudeLow > UInt64(Int64.max) else { return nil }
        }
        self.isNegative = isNegative
        self.magnitudeHigh = magnitudeHigh
        self.magnitudeLow = magnitudeLow
    }

    /// `value`, an integer of any type (`Int128`, `UInt128`, `UInt64`, …), or `nil` when it
    /// fits `Int64` or lies outside `Int128.min...UInt128.max`.
    public init?<T: BinaryInteger>(exactly value: T) {
        let magnitude = value.magnitude
        guard magnitude >> 128 == 0 else { return nil }
        self.init(
            isNegative: value < 0, magnitudeHigh: UInt64(truncatingIfNeeded: magnitude >> 64),
            magnitudeLow: UInt64(truncatingIfNeeded: magnitude))
    }

    /// The number written in decimal (`"-170141183460469231731687303715884105728"`), with an
    /// optional `+` or `-` sign, or `nil` when the text is not a decimal integer, or is one that
    /// fits `Int64` or lies outside `Int128.min...UInt128.max`.
    public init?(_ description: String) {
        var utf8 = Substring(description).utf8
        let isNegative = utf8.first == UInt8(ascii: "-")
        if isNegative || utf8.first == UInt8(ascii: "+") { utf8 = utf8.dropFirst() }
        guard !utf8.isEmpty else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        for byte in utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            // (high, low) × 10 + digit, refusing a magnitude beyond 128 bits.
            let (carry, lowTimesTen) = low.multipliedFullWidth(by: 10)
            let (highTimesTen, overflow) = high.multipliedReportingOverflow(by: 10)
            let (newHigh, carryOverflow) = highTimesTen.addingReportingOverflow(carry)
            let (newLow, digitCarry) = lowTimesTen.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            let (finalHigh, digitOverflow) = newHigh.addingReportingOverflow(digitCarry ? 1 : 0)
            guard !overflow, !carryOverflow, !digitOverflow else { return nil }
            high = finalHigh
            low = newLow
        }
        self.init(isNegative: isNegative, magnitudeHigh: high, magnitudeLow: low)
    }

    /// The number in decimal, every digit exact.
    public var description: String {
        // Chunks of 19 digits, least significant first: 10¹⁹ is the largest power of ten in 64 bits.
        let chunk: UInt64 = 10_000_000_000_000_000_000
        var high = magnitudeHigh
        var low = magnitudeLow
        var chunks: [UInt64] = []
        repeat {
            let highRemainder = high % chunk
            high /= chunk
            let (quotient, remainder) = chunk.dividingFullWidth((highRemainder, low))
            low = quotient
            chunks.append(remainder)
        } while high != 0 || low != 0
        var text = isNegative ? "-" : ""
        text += String(chunks.removeLast())
        for part in chunks.reversed() {
            let digits = String(part)
            text += String(repeating: "0", count: 19 - digits.count) + digits
        }
        return text
    }

    /// The number as a `T` (`Int128`, `UInt128`, …), or `nil` when `T` cannot hold it.
    public func exactly<T: FixedWidthInteger>(as type: T.Type) -> T? {
        guard isNegative else { return Self.nonNegative(T.self, high: magnitudeHigh, low: magnitudeLow) }
        guard T.isSigned else { return nil }
        // −m is ~(m − 1) in two's complement, and m − 1 ≤ T.max exactly when −m ≥ T.min
        // (m is never 0 here, so the borrow from the high word never underflows).
        let (low, borrow) = magnitudeLow.subtractingReportingOverflow(1)
        return Self.nonNegative(T.self, high: borrow ? magnitudeHigh - 1 : magnitudeHigh, low: low).map { ~$0 }
    }

    /// The nearest `Double`, as reading the decimal text gives it.
    var doubleValue: Double {
        // The text holds at most 40 characters of digits and sign: always a valid Double literal.
        Double(description) ?? (isNegative ? -.infinity : .infinity)
    }

    /// The magnitude `high·2⁶⁴ + low` as a `T`, or `nil` when `T` cannot hold it.
    private static func nonNegative<T: FixedWidthInteger>(_ type: T.Type, high: UInt64, low: UInt64) -> T? {
        guard high != 0 else { return T(exactly: low) }
        guard T.bitWidth > 64, let high = T(exactly: high), high <= T.max >> 64, let low = T(exactly: low) else {
            return nil
        }
        return high << 64 | low
    }
}
