import Foundation

extension CodablePattern {
    public static let normalization = CodablePattern(
        "strings differing only in Unicode normalization come back with their own scalars",
        value: PatternNormalization(
            strings: ["\u{e9}", "e\u{301}", "\u{e9}", "e\u{301}"], byKey: ["e\u{301}": "\u{e9}"],
            keysInTurn: [["\u{e9}": 1], ["e\u{301}": 2], ["K": 3], ["\u{212A}": 4]].map(PatternDynamicKeys.init))
    ) { original, decoded, _ in
        let scalars = { (strings: [String]) in strings.map { $0.unicodeScalars.map(\.value) } }
        return [
            (scalars(decoded.strings) == scalars(original.strings), "strings are \(scalars(decoded.strings))"),
            (
                scalars(Array(decoded.byKey.keys)) == [[0x65, 0x301]],
                "the key is \(scalars(Array(decoded.byKey.keys)))"
            ),
            (scalars(Array(decoded.byKey.values)) == [[0xE9]], "the value is \(scalars(Array(decoded.byKey.values)))"),
            (
                decoded.keysInTurn.map { scalars(Array($0.entries.keys)) }
                    == original.keysInTurn.map { scalars(Array($0.entries.keys)) },
                "the keys in turn are \(decoded.keysInTurn.map { scalars(Array($0.entries.keys)) })"
            ),
        ]
    }

    public static let decimals = CodablePattern(
        "decimals beyond a double's precision and range come back exactly",
        value: PatternValues(values: [
            Decimal(Int64.max - 1024), Decimal(UInt64.max),
            Decimal(string: "3.14159265358979323846264338327950288")!,
            Decimal(string: "-0.000000000000000000000000000001")!, Decimal(string: "1e100")!, Decimal(0),
        ])
    ) { original, decoded, _ in
        [(decoded.values.map(\.description) == original.values.map(\.description), "decoded \(decoded.values)")]
    }

    public static let decimalNaN = CodablePattern(
        "Decimal.nan", value: PatternValues(values: [Decimal.nan])
    ) { _, decoded, _ in [(decoded.values.count == 1 && decoded.values[0].isNaN, "decoded \(decoded.values)")] }

    public static let relativeURL = CodablePattern(
        "a relative URL comes back relative to its base, or as its absolute string",
        value: PatternValues(values: [URL(string: "b/c?q=1", relativeTo: URL(string: "https://example.com/a/"))!])
    ) { original, decoded, capabilities in
        let (before, after) = (original.values[0], decoded.values.first)
        return [
            (after?.absoluteString == before.absoluteString, "absolute string \(after?.absoluteString ?? "none")"),
            (
                !capabilities.keepsURLBases
                    || (after?.relativeString == before.relativeString
                        && after?.baseURL?.absoluteString == before.baseURL?.absoluteString),
                "relative \(after?.relativeString ?? "none") to \(after?.baseURL?.absoluteString ?? "no base")"
            ),
        ]
    }

    public static let dates = CodablePattern(
        "dates with fractions of a second, before year 1 and after 9999 come back exactly",
        value: PatternValues(values: [
            Date(timeIntervalSinceReferenceDate: 0.123456789), Date(timeIntervalSinceReferenceDate: 812_345_678.5),
            Date(timeIntervalSinceReferenceDate: -63_145_526_400 + 0.25), .distantPast, .distantFuture,
            Date(timeIntervalSinceReferenceDate: 300_000_000_000),
        ])
    ) { original, decoded, _ in
        [(decoded.values == original.values, "decoded \(decoded.values.map(\.timeIntervalSinceReferenceDate))")]
    }

    public static let largeUnsigned = CodablePattern(
        "unsigned 64-bit integers above Int64.max",
        value: PatternValues(values: [UInt64.max, UInt64(Int64.max) + 1])
    ) { original, decoded, _ in [(decoded.values == original.values, "decoded \(decoded.values)")] }

    public static let floatingPointSpecials = CodablePattern(
        "NaN, infinities, negative zero and the extremes of Double and Float",
        value: PatternValues(values: [
            Double.nan, .infinity, -.infinity, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
            Double(Float.leastNonzeroMagnitude),
        ])
    ) { original, decoded, _ in
        [(decoded.values.map(\.bitPattern) == original.values.map(\.bitPattern), "decoded \(decoded.values)")]
    }

    public static let nullCharacter = CodablePattern(
        "a string holding U+0000", value: PatternValues(values: ["a\u{0}b"])
    ) { original, decoded, _ in
        [
            (
                decoded.values.map { Array($0.unicodeScalars) } == original.values.map { Array($0.unicodeScalars) },
                "decoded \(decoded.values)"
            )
        ]
    }

    public static let integerKeyedDictionary = CodablePattern(
        "a dictionary with integer keys", value: PatternValues(values: [[3: "three", -1: "minus one"]])
    ) { original, decoded, _ in [(decoded.values == original.values, "decoded \(decoded.values)")] }

    /// ``wideIntegers``' description, for platforms without 128-bit integers.
    public static let wideIntegersDescription = "Int128 and UInt128 at their extremes"

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public static let wideIntegers = CodablePattern(
        wideIntegersDescription,
        value: PatternValues(values: [WideIntegers()])
    ) { original, decoded, _ in [(decoded.values == original.values, "decoded \(decoded.values)")] }
}

/// 128-bit integers at their extremes.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
struct WideIntegers: Codable, Equatable {
    var signed: [Int128] = [.max, .min, 0, -1]
    var unsigned: [UInt128] = [.max, 0, UInt128(UInt64.max) + 1]
}
