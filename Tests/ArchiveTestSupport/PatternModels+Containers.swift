import Foundation

// The container patterns' models: each codes itself the way a hand-written Codable type may,
// as Foundation's own encoder tests do.

/// A coding key made from any string.
struct PatternKey: CodingKey, Sendable {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ stringValue: String) { self.stringValue = stringValue }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Writes `a` twice under one key, 1 and then its value: the last write must win.
struct PatternDuplicateKey: Codable {
    var a: Int
    var throughSuperEncoder: Bool

    init(a: Int, throughSuperEncoder: Bool) {
        self.a = a
        self.throughSuperEncoder = throughSuperEncoder
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: PatternKey.self)
        a = try container.decode(Int.self, forKey: PatternKey("a"))
        throughSuperEncoder = try container.decode(Bool.self, forKey: PatternKey("super"))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PatternKey.self)
        try container.encode(throughSuperEncoder, forKey: PatternKey("super"))
        try container.encode(1, forKey: PatternKey("a"))
        if throughSuperEncoder {
            var single = container.superEncoder(forKey: PatternKey("a")).singleValueContainer()
            try single.encode(a)
        } else {
            try container.encode(a, forKey: PatternKey("a"))
        }
    }
}

/// Writes one key's value in two steps: two nested containers, or a value and then a nested
/// container. Foundation merges both writes into one dictionary.
struct PatternMergedNested: Codable {
    var x: Int
    var y: Int
    var firstAsValue: Bool

    init(x: Int, y: Int, firstAsValue: Bool) {
        (self.x, self.y, self.firstAsValue) = (x, y, firstAsValue)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: PatternKey.self)
        firstAsValue = try container.decode(Bool.self, forKey: PatternKey("value"))
        let box = try container.decode([String: Int].self, forKey: PatternKey("box"))
        x = box["x"] ?? -1
        y = box["y"] ?? -1
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PatternKey.self)
        try container.encode(firstAsValue, forKey: PatternKey("value"))
        if firstAsValue {
            try container.encode(["x": x], forKey: PatternKey("box"))
        } else {
            var first = container.nestedContainer(keyedBy: PatternKey.self, forKey: PatternKey("box"))
            try first.encode(x, forKey: PatternKey("x"))
        }
        var second = container.nestedContainer(keyedBy: PatternKey.self, forKey: PatternKey("box"))
        try second.encode(y, forKey: PatternKey("y"))
    }
}

/// Writes a dictionary through the single-value container, then a key through a keyed container
/// of the same encoder: Foundation keeps both.
struct PatternSingleThenKeyed: Codable {
    var a: Int
    var b: Int

    init(a: Int, b: Int) { (self.a, self.b) = (a, b) }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: PatternKey.self)
        a = try container.decode(Int.self, forKey: PatternKey("a"))
        b = try container.decode(Int.self, forKey: PatternKey("b"))
    }

    func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        try single.encode(["a": a])
        var keyed = encoder.container(keyedBy: PatternKey.self)
        try keyed.encode(b, forKey: PatternKey("b"))
    }
}

/// A keyed container inside an unkeyed container inside a keyed container inside the root.
struct PatternNestedInNested: Codable, Equatable {
    var points: [[Int]]

    init(points: [[Int]]) { self.points = points }

    init(from decoder: any Decoder) throws {
        let root = try decoder.container(keyedBy: PatternKey.self)
        let outer = try root.nestedContainer(keyedBy: PatternKey.self, forKey: PatternKey("outer"))
        var list = try outer.nestedUnkeyedContainer(forKey: PatternKey("list"))
        points = []
        while !list.isAtEnd {
            let point = try list.nestedContainer(keyedBy: PatternKey.self)
            var coordinates = try point.nestedUnkeyedContainer(forKey: PatternKey("xy"))
            var values: [Int] = []
            while !coordinates.isAtEnd { values.append(try coordinates.decode(Int.self)) }
            points.append(values)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var root = encoder.container(keyedBy: PatternKey.self)
        var outer = root.nestedContainer(keyedBy: PatternKey.self, forKey: PatternKey("outer"))
        var list = outer.nestedUnkeyedContainer(forKey: PatternKey("list"))
        for values in points {
            var point = list.nestedContainer(keyedBy: PatternKey.self)
            var coordinates = point.nestedUnkeyedContainer(forKey: PatternKey("xy"))
            for value in values { try coordinates.encode(value) }
        }
    }
}

/// A class that encodes its properties; its subclass encodes the superclass through a super
/// encoder, the standard way (``PatternDog``).
class PatternAnimal: Codable {
    var name: String

    init(name: String) { self.name = name }

    required init(from decoder: any Decoder) throws {
        name = try decoder.container(keyedBy: PatternKey.self).decode(String.self, forKey: PatternKey("name"))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PatternKey.self)
        try container.encode(name, forKey: PatternKey("name"))
    }
}

/// Encodes its superclass with `superEncoder()` or `superEncoder(forKey:)`.
final class PatternDog: PatternAnimal {
    var breed: String
    var superKey: String?

    init(name: String, breed: String, superKey: String?) {
        self.breed = breed
        self.superKey = superKey
        super.init(name: name)
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: PatternKey.self)
        breed = try container.decode(String.self, forKey: PatternKey("breed"))
        superKey = try container.decodeIfPresent(String.self, forKey: PatternKey("superKey"))
        let parent = try superKey.map { try container.superDecoder(forKey: PatternKey($0)) }
        try super.init(from: parent ?? container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PatternKey.self)
        try container.encode(breed, forKey: PatternKey("breed"))
        try container.encodeIfPresent(superKey, forKey: PatternKey("superKey"))
        try super.encode(
            to: superKey.map { container.superEncoder(forKey: PatternKey($0)) } ?? container.superEncoder())
    }
}

/// Asks `superDecoder(forKey:)` for a key that was never written: Foundation returns a decoder
/// reading null rather than throwing at once.
struct PatternAbsentSuperDecoder: Codable {
    var x: Int
    var sawNull = false

    init(x: Int) { self.x = x }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: PatternKey.self)
        x = try container.decode(Int.self, forKey: PatternKey("x"))
        let absent = try container.superDecoder(forKey: PatternKey("absent"))
        sawNull = try absent.singleValueContainer().decodeNil()
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PatternKey.self)
        try container.encode(x, forKey: PatternKey("x"))
    }
}

/// Coding keys with integer values.
struct PatternIntegerKeys: Codable, Equatable {
    enum CodingKeys: Int, CodingKey {
        case first = 1
        case second = 2
    }

    var first: String
    var second: Int
}
