import Foundation
import HRCoderKit

// The model classes the reference vectors were written with (shared/vectors/README.md), as
// Swift Codable classes. Missing keys take the Objective-C defaults: nil objects, 0, NO.

/// A postal address; `zip` may hold text or (in a hand-written vector) bytes.
final class Address: Codable {
    enum Zip: Codable, Equatable {
        case text(String)
        case bytes(Data)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .text(text)
            } else {
                self = .bytes(try container.decode(Data.self))
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case let .text(text): try container.encode(text)
            case let .bytes(data): try container.encode(data)
            }
        }
    }

    var street: String?
    var city: String?
    var zip: Zip?
    var country: String?

    init(street: String? = nil, city: String? = nil, zip: Zip? = nil, country: String? = nil) {
        self.street = street
        self.city = city
        self.zip = zip
        self.country = country
    }
}

/// A person as the vectors' `Person` class encodes it.
class Person: Codable {
    var name: String?
    var age = 0
    var height = 0.0
    var active = false
    var email: String?
    var nickname: String?
    var birthday: Date?
    var tags: [String]?
    var address: Address?
    var bestFriend: Person?

    init(name: String?, age: Int = 0) {
        self.name = name
        self.age = age
    }

    private enum CodingKeys: String, CodingKey {
        case name, age, height, active, email, nickname, birthday, tags, address, bestFriend
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        age = try container.decodeIfPresent(Int.self, forKey: .age) ?? 0
        height = try container.decodeIfPresent(Double.self, forKey: .height) ?? 0
        active = try container.decodeIfPresent(Bool.self, forKey: .active) ?? false
        email = try container.decodeIfPresent(String.self, forKey: .email)
        nickname = try container.decodeIfPresent(String.self, forKey: .nickname)
        birthday = try container.decodeIfPresent(Date.self, forKey: .birthday)
        tags = try container.decodeIfPresent([String].self, forKey: .tags)
        address = try container.decodeIfPresent(Address.self, forKey: .address)
        bestFriend = try container.decodeIfPresent(Person.self, forKey: .bestFriend)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encode(age, forKey: .age)
        try container.encode(height, forKey: .height)
        try container.encode(active, forKey: .active)
        try container.encodeIfPresent(email, forKey: .email)
        try container.encodeIfPresent(nickname, forKey: .nickname)
        try container.encodeIfPresent(birthday, forKey: .birthday)
        try container.encodeIfPresent(tags, forKey: .tags)
        try container.encodeIfPresent(address, forKey: .address)
        try container.encodeIfPresent(bestFriend, forKey: .bestFriend)
    }
}

/// `Employee : Person`: its own keys sit in the same dictionary as the inherited ones.
final class Employee: Person {
    var employeeId = 0
    var title: String?
    var salary = 0.0
    var manager: Person?

    init(name: String, employeeId: Int) {
        self.employeeId = employeeId
        super.init(name: name)
    }

    private enum CodingKeys: String, CodingKey {
        case employeeId, title, salary, manager
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        employeeId = try container.decodeIfPresent(Int.self, forKey: .employeeId) ?? 0
        title = try container.decodeIfPresent(String.self, forKey: .title)
        salary = try container.decodeIfPresent(Double.self, forKey: .salary) ?? 0
        manager = try container.decodeIfPresent(Person.self, forKey: .manager)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(employeeId, forKey: .employeeId)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encode(salary, forKey: .salary)
        try container.encodeIfPresent(manager, forKey: .manager)
        try super.encode(to: encoder)
    }
}

/// A tree node with a back-pointer to its parent (cyclic graphs).
final class TreeNode: Codable {
    var name: String?
    weak var parent: TreeNode?
    var children: [TreeNode]?

    init(name: String) { self.name = name }

    func add(_ child: TreeNode) {
        child.parent = self
        children = (children ?? []) + [child]
    }
}

/// Any value a vector holds: plain containers and scalars, or one of the model objects.
///
/// It looks at the raw node (`HRValue`) to choose, then decodes through the container, so
/// aliases resolve to the shared instances.
indirect enum VectorValue: Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case date(Date)
    case data(Data)
    case array([VectorValue])
    case dictionary([String: VectorValue])
    case person(Person)
    case address(Address)
    case treeNode(TreeNode)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let node = try container.decode(HRValue.self)
        switch node {
        case .null: self = .null
        case let .bool(flag): self = .bool(flag)
        case let .integer(number): self = .number(Double(number))
        case let .wideInteger(number): self = .number(Double(number.description) ?? .nan)
        case let .real(number): self = .number(number)
        case let .string(text): self = .string(text)
        case let .date(date): self = .date(date)
        case let .data(data): self = .data(data)
        case .array: self = .array(try container.decode([VectorValue].self))
        case let .dictionary(entries):
            switch node.className {
            case "Person", "Employee": self = .person(try container.decode(Person.self))
            case "Address": self = .address(try container.decode(Address.self))
            case "TreeNode": self = .treeNode(try container.decode(TreeNode.self))
            case "NSDate": self = .date(try container.decode(Date.self))
            case "NSNull": self = .null
            case "NSData", "NSMutableData": self = .data(try container.decode(Data.self))
            default:
                if entries[HRValue.dataKey] != nil {
                    self = .data(try container.decode(Data.self))
                } else {
                    self = .dictionary(try container.decode([String: VectorValue].self))
                }
            }
        }
    }
}
