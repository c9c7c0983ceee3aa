/// Integers as DecimalNumber chunks: those beyond `Int64`, which no integer chunk holds.
extension NSDecimalLayout.Fields {
    /// The fields of `value`, exactly, its trailing decimal zeros moved into the exponent (the
    /// compact form `NSDecimalNumber` keeps); `nil` when its mantissa needs more than 128 bits.
    init?<T: BinaryInteger>(integer value: T) {
        var words: [UInt16] = []
        for word in value.magnitude.words {
            for shift in stride(from: 0, to: UInt.bitWidth, by: 16) {
                words.append(UInt16(truncatingIfNeeded: word >> shift))
            }
        }
        while words.last == 0 { words.removeLast() }
        var exponent: Int8 = 0
        while !words.isEmpty, exponent < .max {
            let (quotient, remainder) = Self.dividedByTen(words)
            guard remainder == 0 else { break }
            words = quotient
            exponent += 1
        }
        guard words.count <= 8 else { return nil }
        self.init(exponent: exponent, isNegative: value < 0, words: words)
    }

    /// The value as a `T`, when it is an integer that `T` holds; `nil` otherwise (a fraction,
    /// NaN, or out of `T`'s range).
    func integer<T: FixedWidthInteger>(as type: T.Type) -> T? {
        guard !isNaN else { return nil }
        var words = self.words
        if exponent > 0 {
            for _ in 0..<exponent where !words.isEmpty {
                words = Self.timesTen(words)
                // Beyond 128 bits no integer type holds it (and the loop stays short).
                guard words.count <= 8 else { return nil }
            }
        } else if exponent < 0 {
            for _ in 0..<(-Int(exponent)) where !words.isEmpty {
                let (quotient, remainder) = Self.dividedByTen(words)
                guard remainder == 0 else { return nil }
                words = quotient
            }
        }
        var magnitude: T.Magnitude = 0
        for word in words.reversed() {
            if magnitude != 0 {
                guard magnitude.leadingZeroBitCount >= 16 else { return nil }
                magnitude <<= 16
            }
            guard let low = T.Magnitude(exactly: word) else { return nil }
            magnitude |= low
        }
        if !isNegative || magnitude == 0 { return T(exactly: magnitude) }
        guard T.isSigned, magnitude <= T.min.magnitude else { return nil }
        // Below `T.min.magnitude`, the magnitude is at most `T.max`.
        return magnitude == T.min.magnitude ? T.min : 0 - T(magnitude)
    }

    /// `words` (least significant first) divided by ten, without leading zero words, and the remainder.
    private static func dividedByTen(_ words: [UInt16]) -> (quotient: [UInt16], remainder: UInt32) {
        var quotient = words
        var remainder: UInt32 = 0
        for index in words.indices.reversed() {
            let current = remainder << 16 | UInt32(words[index])
            quotient[index] = UInt16(current / 10)
            remainder = current % 10
        }
        while quotient.last == 0 { quotient.removeLast() }
        return (quotient, remainder)
    }

    /// `words` (least significant first) times ten.
    private static func timesTen(_ words: [UInt16]) -> [UInt16] {
        var product: [UInt16] = []
        var carry: UInt32 = 0
        for word in words {
            let current = UInt32(word) * 10 + carry
            product.append(UInt16(truncatingIfNeeded: current))
            carry = current >> 16
        }
        if carry > 0 { product.append(UInt16(carry)) }
        return product
    }
}
