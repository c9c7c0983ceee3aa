import ArchiveTestSupport
import FastCodingKit
import Foundation
import Testing

private let vectorsEnabled = ConditionTrait.enabled(
    if: SharedVectors.isAvailable, Comment(rawValue: SharedVectors.unavailableReason))

private func vector(_ name: String) throws -> Data {
    let found = try #require(SharedVectors.cases(.fastCoding).first { $0.name == name })
    return try found.archive()
}

@Suite("Original files decoded into Codable models", vectorsEnabled)
struct ModelVectorTests {
    let decoder = FastDecoder(registry: vectorRegistry())

    @Test("a Person with an address, tags and a date")
    func person() throws {
        let person = try decoder.decode(Person.self, from: try vector("object_person"))
        let tree = TypedValueConverter.convert(try FastCoder.object(with: try vector("object_person")))
        guard case let .object("Person", properties) = tree else { Issue.record("not a Person: \(tree)"); return }
        #expect(
            properties.map(\.name) == [
                "name", "age", "height", "active", "email", "nickname", "birthday", "tags", "address", "bestFriend",
            ])
        #expect(properties.first { $0.name == "name" }?.value == .string(person.name, mutable: false))
        #expect(properties.first { $0.name == "age" }?.value == .int(Int64(person.age)))
        #expect(
            properties.first { $0.name == "tags" }?.value
                == .array(person.tags.map { .string($0, mutable: false) }, mutable: false))
        #expect(person.address != nil)
    }

    @Test("a people graph (forward references included) keeps shared addresses and friends shared")
    func peopleGraph() throws {
        let data = try vector("people_graph")
        let people = try decoder.decode([Person].self, from: data)
        #expect(people.count == 50)
        let tree = try FastCoder.object(with: data)
        guard case let .reference(root) = tree, case let .array(items, _) = root.content else {
            Issue.record("root is not an array"); return
        }
        #expect(items.count == people.count)
        // Two people sharing one Address instance on the wire share one Swift instance.
        var addressOwners: [ObjectIdentifier: [Int]] = [:]
        for (index, item) in items.enumerated() {
            guard case let .reference(node) = item, case let .object(_, properties) = node.content,
                case let .reference(address)? = properties.first(where: { $0.name == "address" })?.value
            else { continue }
            addressOwners[ObjectIdentifier(address), default: []].append(index)
        }
        let shared = try #require(addressOwners.values.first { $0.count > 1 })
        #expect(people[shared[0]].address === people[shared[1]].address)
        // A best friend is one of the people in the list, not a copy.
        let withFriend = try #require(people.first { $0.bestFriend != nil })
        #expect(people.contains { $0 === withFriend.bestFriend })
    }

    @Test("a subclass with an overridden encode(to:)/init(from:) reads subclass keys first")
    func inheritance() throws {
        let employee = try #require(
            try decoder.decode(Person.self, from: try vector("object_inheritance")) as? Employee)
        #expect(employee.employeeId == 2317)
        #expect(employee.title == "Special Agent")
        #expect(employee.salary == 85000.5)
        #expect(employee.manager?.name == "Walter Skinner")
        #expect(employee.manager?.age == 50)
        #expect(employee.manager?.active == true)
    }

    @Test("a cycle throws the back-reference error naming the coding path")
    func cycle() throws {
        let error = try #require(throws: DecodingError.self) {
            try decoder.decode(TreeNode.self, from: try vector("object_cycle"))
        }
        guard case let .dataCorrupted(context) = error else { Issue.record("wrong error \(error)"); return }
        #expect(
            context.debugDescription.hasPrefix("back-reference to TreeNode at 'object 0', which is still being decoded")
        )
        #expect(context.codingPath.map(\.stringValue) == ["children", "Index 0", "parent"])
        #expect(context.codingPath.map(\.stringValue).last == "parent")
    }

    @Test("a renamed class loads through its legacy name")
    func renamedClass() throws {
        let contact = try decoder.decode(ContactCard.self, from: try vector("object_renamed_class"))
        #expect(contact.fullName == "Jane Doe")
        #expect(contact.phone == "+1-555-0100")
    }

    @Test("scalars of every width, with BOOL as One/Zero")
    func scalars() throws {
        let box = try decoder.decode(ScalarBox.self, from: try vector("object_scalars"))
        #expect(
            box
                == ScalarBox(
                    charValue: -5, shortValue: 1000, intValue: -100_000, longLongValue: 9_000_000_000,
                    floatValue: 2.5, doubleValue: -0.125, boolValue: true, unsignedValue: 4_000_000_000))
    }

    @Test("a class name that is not the expected type or a subclass is refused")
    func notASubclass() throws {
        #expect(throws: DecodingError.self) { try decoder.decode(TreeNode.self, from: try vector("object_person")) }
        #expect(throws: DecodingError.self) {
            try FastDecoder(registry: ClassNameRegistry()).decode(
                ContactCard.self, from: try vector("object_renamed_class"))
        }
    }

    @Test("plain collections and leaves decode into Swift types")
    func plainValues() throws {
        struct Product: Decodable, Equatable {
            var name: String
            var price: Double
            var inStock: Bool
        }
        let product = try decoder.decode(Product.self, from: try vector("dict_small"))
        #expect(product == Product(name: "Widget", price: 9.99, inStock: true))
        #expect(
            try decoder.decode([Int: String].self, from: try vector("dict_number_keys")) == [
                1: "one", -300: "minus three hundred", 2: "two",
            ])
        #expect(try decoder.decode(String.self, from: try vector("string_emoji")).isEmpty == false)
        #expect(try decoder.decode(Int64.self, from: try vector("int64_min")) == Int64.min)
        #expect(try decoder.decode(Int16.self, from: try vector("int16_max")) == Int16.max)
        #expect(throws: DecodingError.self) { try decoder.decode(Int8.self, from: try vector("int16_max")) }
        #expect(try decoder.decode(Bool.self, from: try vector("bool_true")) == true)
        #expect(try decoder.decode(Data.self, from: try vector("data_small")).isEmpty == false)
        #expect(try decoder.decode(Date.self, from: try vector("date_reference")).timeIntervalSinceReferenceDate == 0)
        let url = try decoder.decode(URL.self, from: try vector("url_relative_base"))
        #expect(url.absoluteString == "https://example.com/base/sub/page.html?x=1")
        #expect(throws: DecodingError.self) { try decoder.decode(Set<String>.self, from: try vector("set")) }
        #expect(try decoder.decode([Date].self, from: try vector("date_shared")).count == 2)
        // [data, "x", data]: the third element is an alias re-read from the first one's offset.
        struct Mixed: Decodable {
            var first: Data
            var middle: String
            var last: Data
            init(from decoder: any Decoder) throws {
                var list = try decoder.unkeyedContainer()
                first = try list.decode(Data.self)
                middle = try list.decode(String.self)
                last = try list.decode(Data.self)
            }
        }
        let mixed = try decoder.decode(Mixed.self, from: try vector("data_shared"))
        #expect(mixed.first == Data([1, 2, 3]) && mixed.last == mixed.first && mixed.middle == "x")
        #expect(try decoder.decode(Float.self, from: try vector("float32_pi")) == 3.14159)
        #expect(try decoder.decode(String?.self, from: try vector("null")) == nil)
    }
}
