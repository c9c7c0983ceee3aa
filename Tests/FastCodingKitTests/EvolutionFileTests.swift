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

@Suite("Files with fewer or more keys than the model: the original's files, wider class definitions")
struct EvolutionFileTests {
    @Test("the original's Person loads into a model with a property more", vectorsEnabled)
    func originalPerson() throws {
        let person = try FastDecoder(registry: evolvedVectorRegistry()).decode(
            EvolvedPerson.self, from: try vector("object_person"))
        #expect(person.name == "Ada Lovelace" && person.age == 36 && person.height == 1.65 && person.active)
        #expect(person.email == "ada@example.com" && person.nickname == nil)
        #expect(person.birthday == Date(timeIntervalSinceReferenceDate: -5_890_262_400))
        #expect(person.tags == ["math", "poetry"])
        #expect(person.rank == 3)
        #expect(person.address?.city == "London" && person.address?.country == "UK")
        #expect(person.address?.planet == "Earth")
        #expect(person.bestFriend == nil)
    }

    @Test("the original's people graph loads with the added properties, shared objects still shared", vectorsEnabled)
    func originalPeopleGraph() throws {
        let data = try vector("people_graph")
        let people = try FastDecoder(registry: evolvedVectorRegistry()).decode([EvolvedPerson].self, from: data)
        let original = try FastDecoder(registry: vectorRegistry()).decode([Person].self, from: data)
        #expect(people.count == 50)
        #expect(people.map(\.name) == original.map(\.name))
        #expect(people.allSatisfy { $0.rank == 3 && $0.address?.planet == "Earth" })
        #expect(people.compactMap { $0.bestFriend?.rank }.count == original.compactMap(\.bestFriend).count)
        // The same pairs share an address and a best friend as in the model without the contract.
        for first in people.indices {
            for second in people.indices where second > first {
                let sharesAddress =
                    original[first].address != nil && original[first].address === original[second].address
                #expect(
                    (people[first].address != nil && people[first].address === people[second].address) == sharesAddress)
                let sharesFriend =
                    original[first].bestFriend != nil && original[first].bestFriend === original[second].bestFriend
                #expect(
                    (people[first].bestFriend != nil && people[first].bestFriend === people[second].bestFriend)
                        == sharesFriend)
            }
        }
    }

    @Test("a class definition with keys the model no longer has: the typed decoder skips them, the tree keeps them")
    func widerClassDefinition() throws {
        let writing = ClassNameRegistry()
        writing.register(WideContact.self, as: "Contact")
        writing.register(WideVisit.self, as: "Visit")
        let reading = ClassNameRegistry()
        reading.register(NarrowContact.self, as: "Contact")
        let shared = WideVisit(place: "office")
        let ann = WideContact(name: "Ann", visits: [shared, WideVisit(place: "home")])
        let bob = WideContact(name: "Bob", visits: [shared])
        let data = try FastEncoder(registry: writing).encode([ann, bob, ann])

        let contacts = try FastDecoder(registry: reading).decode([NarrowContact].self, from: data)
        #expect(contacts.map(\.name) == ["Ann", "Bob", "Ann"])
        #expect(contacts.allSatisfy { $0.phone == "+1-555-0100" })
        // The skipped values kept the object table in step: the alias to Ann is Ann.
        #expect(contacts[0] === contacts[2] && contacts[0] !== contacts[1])

        let tree = try FastCoder.object(with: data)
        guard case let .reference(root) = tree, case let .array(items, _) = root.content, items.count == 3,
            case let .reference(first) = items[0], case let .object(className, properties) = first.content
        else {
            Issue.record("not an array of objects: \(tree)")
            return
        }
        #expect(className == "Contact")
        #expect(properties.map(\.name) == ["name", "phone", "notes", "photo", "visits", "lastVisit"])
        #expect(try FastCoder.data(with: tree) == data)
    }
}
