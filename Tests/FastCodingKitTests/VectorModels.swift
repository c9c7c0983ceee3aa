import FastCodingKit
import Foundation

// Codable counterparts of the model classes the original wrote in shared/vectors/fastcoding
// (property names and order as in the vectors' README).

final class Address: Codable {
    var street: String
    var city: String
    var zip: String
    var country: String?

    init(street: String, city: String, zip: String, country: String?) {
        self.street = street
        self.city = city
        self.zip = zip
        self.country = country
    }
}

class Person: Codable {
    var name: String
    var age: Int
    var height: Double
    var active: Bool
    var email: String?
    var nickname: String?
    var birthday: Date?
    var tags: [String]
    var address: Address?
    var bestFriend: Person?

    init(
        name: String, age: Int, height: Double = 1.8, active: Bool = true, email: String? = nil,
        birthday: Date? = nil, tags: [String] = [], address: Address? = nil
    ) {
        self.name = name
        self.age = age
        self.height = height
        self.active = active
        self.email = email
        self.birthday = birthday
        self.tags = tags
        self.address = address
    }
}

/// A subclass adds its keys by overriding `encode(to:)`/`init(from:)`: own keys first, like the original.
final class Employee: Person {
    var employeeId: Int
    var title: String
    var salary: Double
    var manager: Person?

    private enum CodingKeys: String, CodingKey {
        case employeeId, title, salary, manager
    }

    init(name: String, age: Int, employeeId: Int, title: String, salary: Double, manager: Person?) {
        self.employeeId = employeeId
        self.title = title
        self.salary = salary
        self.manager = manager
        super.init(name: name, age: age)
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        employeeId = try container.decode(Int.self, forKey: .employeeId)
        title = try container.decode(String.self, forKey: .title)
        salary = try container.decode(Double.self, forKey: .salary)
        manager = try container.decodeIfPresent(Person.self, forKey: .manager)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(employeeId, forKey: .employeeId)
        try container.encode(title, forKey: .title)
        try container.encode(salary, forKey: .salary)
        try container.encodeIfPresent(manager, forKey: .manager)
        try super.encode(to: encoder)
    }
}

final class TreeNode: Codable {
    var name: String
    weak var parent: TreeNode?
    var children: [TreeNode]

    init(name: String, parent: TreeNode? = nil, children: [TreeNode] = []) {
        self.name = name
        self.parent = parent
        self.children = children
    }
}

struct ScalarBox: Codable, Equatable {
    var charValue: Int8
    var shortValue: Int16
    var intValue: Int32
    var longLongValue: Int64
    var floatValue: Float
    var doubleValue: Double
    var boolValue: Bool
    var unsignedValue: UInt32
}

/// Renamed from `Contact`: registered with `Contact` as a legacy name.
final class ContactCard: Codable {
    var fullName: String
    var phone: String
}

/// A registry with the vectors' classes, as an app would set one up.
func vectorRegistry() -> ClassNameRegistry {
    let registry = ClassNameRegistry()
    registry.register(Person.self)
    registry.register(Employee.self)
    registry.register(Address.self)
    registry.register(TreeNode.self)
    registry.register(ContactCard.self, legacyNames: ["Contact"])
    return registry
}
