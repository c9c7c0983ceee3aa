import Foundation

extension CodablePattern {
    /// Every pattern.
    public static var all: [CodablePattern] {
        var patterns = containerPatterns + valuePatterns
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            patterns.append(wideIntegers)
        }
        return patterns
    }

    /// How containers are asked for and written.
    public static let containerPatterns: [CodablePattern] = [
        duplicateKey, duplicateKeyThroughSuperEncoder, twoNestedContainers, nestedContainerAfterValue,
        singleValueThenKeyed, nestedInNested, superEncoder, superEncoderForKey, measurement,
        absentSuperDecoder, integerKeys, retriedElement, retriedValue, lateContainerUse, sharedSingleValueClass,
        emptyContainers,
    ]

    /// Values that must come back exactly.
    public static let valuePatterns: [CodablePattern] = [
        normalization, decimals, decimalNaN, relativeURL, dates, largeUnsigned, floatingPointSpecials,
        nullCharacter, integerKeyedDictionary,
    ]

    public static let duplicateKey = CodablePattern(
        "a key written twice keeps the last write", value: PatternDuplicateKey(a: 2, throughSuperEncoder: false)
    ) { _, decoded, _ in [(decoded.a == 2, "a is \(decoded.a), not the last write 2")] }

    public static let duplicateKeyThroughSuperEncoder = CodablePattern(
        "a key written, then written again through superEncoder(forKey:), keeps the second write",
        value: PatternDuplicateKey(a: 2, throughSuperEncoder: true)
    ) { _, decoded, _ in [(decoded.a == 2, "a is \(decoded.a), not the super encoder's 2")] }

    public static let twoNestedContainers = CodablePattern(
        "two nested containers of one key write one merged dictionary",
        value: PatternMergedNested(x: 1, y: 2, firstAsValue: false)
    ) { _, decoded, _ in [((decoded.x, decoded.y) == (1, 2), "box holds x \(decoded.x), y \(decoded.y)")] }

    public static let nestedContainerAfterValue = CodablePattern(
        "a nested container of a key already holding a dictionary adds to it",
        value: PatternMergedNested(x: 1, y: 2, firstAsValue: true)
    ) { _, decoded, _ in [((decoded.x, decoded.y) == (1, 2), "box holds x \(decoded.x), y \(decoded.y)")] }

    public static let singleValueThenKeyed = CodablePattern(
        "a keyed container after the single-value container wrote a dictionary keeps both writes",
        value: PatternSingleThenKeyed(a: 1, b: 2)
    ) { _, decoded, _ in [((decoded.a, decoded.b) == (1, 2), "a \(decoded.a), b \(decoded.b)")] }

    public static let nestedInNested = CodablePattern(
        "containers nested three deep", value: PatternNestedInNested(points: [[1, 2], [], [3]])
    ) { original, decoded, _ in [(decoded == original, "points are \(decoded.points)")] }

    public static let superEncoder = CodablePattern(
        "a subclass encodes its superclass through superEncoder()",
        value: PatternDog(name: "Rex", breed: "collie", superKey: nil)
    ) { _, decoded, _ in
        [(decoded.name == "Rex" && decoded.breed == "collie", "decoded \(decoded.name), \(decoded.breed)")]
    }

    public static let superEncoderForKey = CodablePattern(
        "a subclass encodes its superclass through superEncoder(forKey:)",
        value: PatternDog(name: "Rex", breed: "collie", superKey: "parent")
    ) { _, decoded, _ in
        [(decoded.name == "Rex" && decoded.breed == "collie", "decoded \(decoded.name), \(decoded.breed)")]
    }

    public static let measurement = CodablePattern(
        "Foundation's Measurement, which codes its unit in nested containers",
        value: PatternValues(values: [Measurement(value: 5.5, unit: UnitLength.kilometers)])
    ) { original, decoded, _ in
        let (before, after) = (original.values[0], decoded.values.first)
        return [(after?.value == before.value && after?.unit.symbol == before.unit.symbol, "decoded \(decoded.values)")]
    }

    public static let absentSuperDecoder = CodablePattern(
        "superDecoder(forKey:) of a key never written reads null rather than throwing",
        value: PatternAbsentSuperDecoder(x: 3)
    ) { _, decoded, _ in
        [(decoded.x == 3 && decoded.sawNull, "x \(decoded.x), the absent key read null: \(decoded.sawNull)")]
    }

    public static let integerKeys = CodablePattern(
        "coding keys with integer values", value: PatternIntegerKeys(first: "one", second: 2)
    ) { original, decoded, _ in [(decoded == original, "decoded \(decoded)")] }

    public static let retriedElement = CodablePattern(
        "an unkeyed read that fails does not move on: the element is read again as another type",
        value: PatternRetriedElement(text: "text", number: 2)
    ) { _, decoded, _ in
        [
            (decoded.wrongTypeFailed, "the string was read as an Int"),
            (decoded.text == "text" && decoded.number == 2, "read \(decoded.text), \(decoded.number)"),
        ]
    }

    public static let retriedValue = CodablePattern(
        "a single-value read that fails does not consume the value",
        value: PatternValues(values: [PatternRetriedValue(value: 2.5)])
    ) { _, decoded, _ in
        let value = decoded.values.first
        return [
            (value?.wrongTypeFailed == true, "2.5 was read as an Int"),
            (value?.value == 2.5, "read \(value?.value ?? .nan)"),
        ]
    }

    public static let lateContainerUse = CodablePattern(
        "a container or decoder kept past init(from:) gives its values or an error later, never a crash",
        value: PatternLateReader(numbers: [4, 5, 6])
    ) { _, decoded, _ in [(!decoded.lateReadsDiffer(from: [4, 5, 6]), "a late read gave other numbers")] }

    public static let sharedSingleValueClass = CodablePattern(
        "one instance of a class that codes itself as a single value, held twice",
        value: PatternSharedCounter(sharing: PatternCounter(value: 7))
    ) { (_, decoded: PatternSharedCounter, capabilities) in
        [
            (
                decoded.first.value == 7 && decoded.second.value == 7,
                "values \(decoded.first.value), \(decoded.second.value)"
            ),
            (!capabilities.keepsIdentity || decoded.first === decoded.second, "the instance was decoded twice"),
        ]
    }

    public static let emptyContainers = CodablePattern(
        "empty arrays, dictionaries and structs", value: PatternEmpty()
    ) { original, decoded, _ in [(decoded == original, "decoded \(decoded)")] }
}
