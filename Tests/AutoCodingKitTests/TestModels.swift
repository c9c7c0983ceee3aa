import AutoCodingKit
import Foundation

/// Models shared by the AutoCodingKit tests.
enum Mood: String, Codable, Equatable { case calm, busy }

struct Profile: Codable, Equatable {
    var name: String
    var age: Int
    var height: Double
    var active: Bool
    var nickname: String?
    var tags: [String]
    var scores: [String: Int]
    var byNumber: [Int: String]
    var flags: Set<String>
    var mood: Mood
    var born: Date
    var avatar: Data
    var home: URL
    var id: UUID
    var balance: Decimal
    var big: UInt64
    var small: Int8
    var ratio: Float
}

extension Profile {
    static let sample = Profile(
        name: "Ada ☺", age: 36, height: 1.7, active: true, nickname: nil, tags: ["a", "b", "a"],
        scores: ["math": 10, "art": 7], byNumber: [1: "one", 20: "twenty"], flags: ["x", "y"], mood: .busy,
        born: Date(timeIntervalSinceReferenceDate: 123.25), avatar: Data([0, 1, 2, 255]),
        home: URL(string: "page.html", relativeTo: URL(string: "https://example.com/dir/"))!,
        id: UUID(uuidString: "71DC068E-3420-45FF-919E-3A267D55EC22")!, balance: Decimal(string: "-1234.5678")!,
        big: .max, small: -8, ratio: 0.5)
}

class Person: Codable {
    var name: String
    var friends: [Person] = []
    var address: Address?

    init(name: String) { self.name = name }
}

final class Employee: Person {
    var title: String

    init(name: String, title: String) {
        self.title = title
        super.init(name: name)
    }

    private enum CodingKeys: String, CodingKey { case title }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try super.encode(to: encoder)
    }
}

final class Address: Codable {
    var city: String
    init(city: String) { self.city = city }
}

/// A tree whose children point back to their parent through the cycle contract.
final class TreeNode: Codable {
    var name: String
    var children: [TreeNode] = []
    @Reference var parent: TreeNode?

    init(name: String) { self.name = name }
}

/// A two-phase class: registered before its properties are read.
final class Folder: TwoPhaseDecodable, Encodable {
    var name = ""
    var files: [File] = []

    init() {}

    convenience init(from decoder: any Decoder) throws {
        self.init()
        try decodeProperties(from: decoder)
    }

    private enum CodingKeys: String, CodingKey { case name, files }

    func decodeProperties(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        files = try container.decode([File].self, forKey: .files)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(files, forKey: .files)
    }
}

final class File: Codable {
    var name: String
    var folder: Folder

    init(name: String, folder: Folder) {
        self.name = name
        self.folder = folder
    }
}

/// Turns a Fahrenheit reading into a Celsius one after decoding.
final class Temperature: Codable, AwakeAfterDecoding {
    var degrees: Double
    var unit: String

    init(degrees: Double, unit: String) {
        self.degrees = degrees
        self.unit = unit
    }

    func awakeAfterDecoding() throws -> AnyObject {
        guard unit == "F" else { return self }
        return Temperature(degrees: (degrees - 32) * 5 / 9, unit: "C")
    }
}

/// A cycle without the contract: decoding it must throw the back-reference error.
final class Loop: Codable {
    var name: String
    var next: Loop?

    init(name: String) { self.name = name }
}

/// Optional scalars of each kind, written present, as an explicit nil (`encodeNil`), or not at
/// all, to check each `decodeIfPresent` overload of the keyed container.
struct OptionalScalars: Codable, Equatable {
    var text: String?
    var flag: Bool?
    var real: Double?
    var single: Float?
    var number: Int?
    var small: Int8?
    var wide: UInt64?
    /// Whether nil properties are written as explicit nils rather than left out.
    var writesNils = false

    enum CodingKeys: String, CodingKey {
        case text, flag, real, single, number, small, wide
    }

    init(
        text: String? = nil, flag: Bool? = nil, real: Double? = nil, single: Float? = nil, number: Int? = nil,
        small: Int8? = nil, wide: UInt64? = nil, writesNils: Bool = false
    ) {
        (self.text, self.flag, self.real, self.single) = (text, flag, real, single)
        (self.number, self.small, self.wide, self.writesNils) = (number, small, wide, writesNils)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decodeIfPresent(String.self, forKey: .text)
        flag = try container.decodeIfPresent(Bool.self, forKey: .flag)
        real = try container.decodeIfPresent(Double.self, forKey: .real)
        single = try container.decodeIfPresent(Float.self, forKey: .single)
        number = try container.decodeIfPresent(Int.self, forKey: .number)
        small = try container.decodeIfPresent(Int8.self, forKey: .small)
        wide = try container.decodeIfPresent(UInt64.self, forKey: .wide)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        func write<T: Encodable>(_ value: T?, _ key: CodingKeys) throws {
            if let value {
                try container.encode(value, forKey: key)
            } else if writesNils {
                try container.encodeNil(forKey: key)
            }
        }
        try write(text, .text)
        try write(flag, .flag)
        try write(real, .real)
        try write(single, .single)
        try write(number, .number)
        try write(small, .small)
        try write(wide, .wide)
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        (lhs.text, lhs.flag, lhs.real, lhs.single) == (rhs.text, rhs.flag, rhs.real, rhs.single)
            && (lhs.number, lhs.small, lhs.wide) == (rhs.number, rhs.small, rhs.wide)
    }
}

/// Writes through a nested keyed container, a nested unkeyed container and a super encoder,
/// and holds enums whose cases carry payloads (nested keyed containers too).
struct NestingSample: Codable, Equatable {
    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case pair(Int, String)
    }

    var shapes: [Shape] = [.circle(radius: 2), .pair(1, "p")]
    var width = 3
    var height = 4
    var tags = ["a", "b"]
    var parentName = "base"

    private enum Keys: String, CodingKey { case shapes, box, list }
    private enum BoxKeys: String, CodingKey { case width, height }
    private enum SuperKeys: String, CodingKey { case parentName }

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        shapes = try container.decode([Shape].self, forKey: .shapes)
        let box = try container.nestedContainer(keyedBy: BoxKeys.self, forKey: .box)
        width = try box.decode(Int.self, forKey: .width)
        height = try box.decode(Int.self, forKey: .height)
        var list = try container.nestedUnkeyedContainer(forKey: .list)
        tags = []
        while !list.isAtEnd { tags.append(try list.decode(String.self)) }
        let parent = try container.superDecoder().container(keyedBy: SuperKeys.self)
        parentName = try parent.decode(String.self, forKey: .parentName)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(shapes, forKey: .shapes)
        var box = container.nestedContainer(keyedBy: BoxKeys.self, forKey: .box)
        try box.encode(width, forKey: .width)
        try box.encode(height, forKey: .height)
        var list = container.nestedUnkeyedContainer(forKey: .list)
        for tag in tags { try list.encode(tag) }
        var parent = container.superEncoder().container(keyedBy: SuperKeys.self)
        try parent.encode(parentName, forKey: .parentName)
    }
}
