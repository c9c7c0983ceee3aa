import Foundation

// The container patterns' models for reading and the values every format must keep exactly.

/// An unkeyed container read with a wrong type first: the failed read must not move past the
/// element, so the right type reads it next.
struct PatternRetriedElement: Codable {
    var text: String
    var number: Int
    var wrongTypeFailed = false

    init(text: String, number: Int) { (self.text, self.number) = (text, number) }

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        wrongTypeFailed = (try? container.decode(Int.self)) == nil
        text = try container.decode(String.self)
        number = try container.decode(Int.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(text)
        try container.encode(number)
    }
}

/// A single value read with a wrong type first, then with the right one.
struct PatternRetriedValue: Codable {
    var value: Double
    var wrongTypeFailed = false

    init(value: Double) { self.value = value }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrongTypeFailed = (try? container.decode(Int.self)) == nil
        value = try container.decode(Double.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// Keeps its unkeyed container and its decoder past `init(from:)`, and reads them later.
final class PatternLateReader: Codable {
    var numbers: [Int]
    private var kept: (any UnkeyedDecodingContainer)?
    private var keptDecoder: (any Decoder)?

    init(numbers: [Int]) { self.numbers = numbers }

    init(from decoder: any Decoder) throws {
        kept = try decoder.unkeyedContainer()
        keptDecoder = decoder
        numbers = []
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for number in numbers { try container.encode(number) }
    }

    /// The numbers read from the kept container and from a new container of the kept decoder,
    /// now that the decode is over; `nil` for each read that threw (a clear error is as good).
    func readLater() -> (fromContainer: [Int]?, fromDecoder: [Int]?) {
        func readAll(_ container: inout any UnkeyedDecodingContainer) -> [Int]? {
            var read: [Int] = []
            while !container.isAtEnd {
                guard let number = try? container.decode(Int.self) else { return nil }
                read.append(number)
            }
            return read
        }
        var fromContainer: [Int]?
        if var container = kept { fromContainer = readAll(&container) }
        var fromDecoder: [Int]?
        if var container = try? keptDecoder?.unkeyedContainer() { fromDecoder = readAll(&container) }
        return (fromContainer, fromDecoder)
    }

    /// Whether a late read gave back numbers other than the ones written (a wrong value, not
    /// an error).
    func lateReadsDiffer(from numbers: [Int]) -> Bool {
        let (fromContainer, fromDecoder) = readLater()
        return [fromContainer, fromDecoder].contains { $0 != nil && $0 != numbers }
    }
}

/// A class that codes itself as one integer through the single-value container.
final class PatternCounter: Codable {
    var value: Int

    init(value: Int) { self.value = value }

    init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(Int.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// One ``PatternCounter`` held by two properties.
struct PatternSharedCounter: Codable {
    var first: PatternCounter
    var second: PatternCounter

    init(sharing counter: PatternCounter) {
        first = counter
        second = counter
    }
}

/// Strings that differ only in Unicode normalization, as values and as a dictionary key, and
/// as the keys of successive dictionaries of one type (where coders cache a type's keys).
struct PatternNormalization: Codable {
    var strings: [String]
    var byKey: [String: String]
    var keysInTurn: [PatternDynamicKeys]
}

/// Entries written as the keys of one keyed container (not as a dictionary, which some coders
/// write as key and value lists), in key order.
struct PatternDynamicKeys: Codable {
    var entries: [String: Int]

    init(_ entries: [String: Int]) {
        self.entries = entries
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: PatternKey.self)
        entries = [:]
        for key in container.allKeys { entries[key.stringValue] = try container.decode(Int.self, forKey: key) }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PatternKey.self)
        for (name, value) in entries.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            try container.encode(value, forKey: PatternKey(name))
        }
    }
}

/// Values whose bits must come back exactly.
struct PatternValues<Element: Codable>: Codable {
    var values: [Element]
}

/// Empty containers of every kind.
struct PatternEmpty: Codable, Equatable {
    struct Nothing: Codable, Equatable {}
    var list: [Int] = []
    var map: [String: Int] = [:]
    var nothing = Nothing()
    var nested: [[String]] = [[]]
}
