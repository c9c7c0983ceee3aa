import ArchiveTestSupport
import Foundation
import HRCoderKit
import Testing

@Suite("Files written by the original HRCoder, read into a model that gained a property")
struct EvolvedVectorTests {
    /// The vectors whose values are people (one, or an array of them) with their addresses.
    static let peopleCases = SharedVectors.cases(.hrCoder).filter {
        [
            "hand_alias", "hand_person", "hr_nested", "hr_people", "hr_person", "hr_person_json", "hr_shared_alias",
            "hr_shared_alias_json",
        ].contains($0.name)
    }

    static let coder: HRCoder = {
        let registry = ClassNameRegistry()
        registry.register(EvolvedPerson.self, as: "Person")
        registry.register(EvolvedAddress.self, as: "Address")
        return HRCoder(registry: registry)
    }()

    @Test(
        "there are 8 vectors of people",
        .enabled(if: SharedVectors.isAvailable, Comment(rawValue: SharedVectors.unavailableReason)))
    func caseCount() {
        #expect(Self.peopleCases.count == 8)
    }

    @Test(
        "each decodes to the original's values and sharing, with the added property at its default",
        .enabled(if: SharedVectors.isAvailable, Comment(rawValue: SharedVectors.unavailableReason)),
        arguments: peopleCases)
    func decodesWithAddedProperty(_ vector: VectorCase) throws {
        let expected = try #require(try vector.expectation().expect)
        let data = try vector.archive()
        let people: [EvolvedPerson]
        let value: VectorValue
        var copier = VectorModelCopier()
        if case .array = try HRCoder().parse(data) {
            people = try Self.coder.decode([EvolvedPerson].self, from: data)
            value = .array(people.map { .person(copier.person($0)) })
        } else {
            let person = try Self.coder.decode(EvolvedPerson.self, from: data)
            people = [person]
            value = .person(copier.person(person))
        }
        let mismatches = TypedValueConverter.typedValue(of: value)
            .mismatches(against: expected, options: ComparisonOptions(ignoresMutability: true))
        #expect(mismatches.isEmpty, "\(vector.name): \(mismatches.joined(separator: "\n"))")
        let everyone = people + people.compactMap(\.bestFriend)
        #expect(everyone.allSatisfy { $0.rating == 3 })
    }

    @Test(
        "re-encoded, each writes the added property and reads back the same",
        .enabled(if: SharedVectors.isAvailable, Comment(rawValue: SharedVectors.unavailableReason)),
        arguments: peopleCases)
    func reencodes(_ vector: VectorCase) throws {
        let data = try vector.archive()
        guard case .array = try HRCoder().parse(data) else {
            let person = try Self.coder.decode(EvolvedPerson.self, from: data)
            person.rating = 5
            let again = try Self.coder.decode(EvolvedPerson.self, from: try Self.coder.encode(person))
            #expect(again.rating == 5 && again.name == person.name)
            return
        }
        let people = try Self.coder.decode([EvolvedPerson].self, from: data)
        let again = try Self.coder.decode([EvolvedPerson].self, from: try Self.coder.encode(people))
        #expect(again.map(\.name) == people.map(\.name))
        #expect(again.map(\.rating) == people.map(\.rating))
    }
}

/// Copies evolved people into the vectors' own model classes, one copy per instance, so the
/// shared comparison with the original's expectation (sharing included) applies to them.
private struct VectorModelCopier {
    private var people: [ObjectIdentifier: Person] = [:]
    private var addresses: [ObjectIdentifier: Address] = [:]

    mutating func person(_ evolved: EvolvedPerson) -> Person {
        if let copy = people[ObjectIdentifier(evolved)] { return copy }
        let copy = Person(name: evolved.name, age: evolved.age)
        people[ObjectIdentifier(evolved)] = copy
        copy.height = evolved.height
        copy.active = evolved.active
        copy.email = evolved.email
        copy.nickname = evolved.nickname
        copy.birthday = evolved.birthday
        copy.tags = evolved.tags
        copy.address = evolved.address.map { address($0) }
        copy.bestFriend = evolved.bestFriend.map { person($0) }
        return copy
    }

    private mutating func address(_ evolved: EvolvedAddress) -> Address {
        if let copy = addresses[ObjectIdentifier(evolved)] { return copy }
        let copy = Address(
            street: evolved.street, city: evolved.city, zip: evolved.zip.map { .text($0) }, country: evolved.country)
        addresses[ObjectIdentifier(evolved)] = copy
        return copy
    }
}
