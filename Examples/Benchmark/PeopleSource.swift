import Foundation

/// Where the benchmark's records come from: a JSON file shaped like `people.json`, or the
/// deterministic ``PeopleGenerator`` when no file is there.
struct PeopleSource {
    /// A human-readable description of the origin, printed above the results.
    var origin: String
    /// The records as they were read or generated (before scaling).
    var records: [RawPerson]

    /// The default data file: `../shared/bench/people.json` seen from the package folder.
    static let defaultFile = "../shared/bench/people.json"
    /// How many records the generator makes when no data file is found.
    static let generatedCount = 2000

    /// Reads `file` when given (failing if it cannot), else the default file when present,
    /// else generates records.
    static func load(file: String?) throws -> PeopleSource {
        if let file {
            return try read(file)
        }
        if FileManager.default.fileExists(atPath: defaultFile) {
            return try read(defaultFile)
        }
        var generator = PeopleGenerator()
        return PeopleSource(
            origin: "generated in process (\(defaultFile) not found)",
            records: generator.people(count: generatedCount)
        )
    }

    private static func read(_ file: String) throws -> PeopleSource {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        return PeopleSource(origin: file, records: try JSONDecoder().decode([RawPerson].self, from: data))
    }

    /// The records repeated `scale` times, with ids kept unique, as ``Person`` values.
    func people(scale: Int) throws -> [Person] {
        let base = try records.map(Self.person)
        let stride = (base.map(\.id).max() ?? 0) + 1
        return (0..<scale).flatMap { copy in
            base.map { person in
                var person = person
                person.id += copy * stride
                return person
            }
        }
    }

    /// Converts one raw record: address split into parts, date parsed, nickname derived.
    private static func person(_ raw: RawPerson) throws -> Person {
        let parts = raw.address.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 3 else {
            throw AddressFormatError(text: raw.address)
        }
        return Person(
            id: raw.id, guid: raw.guid, isActive: raw.isActive, balance: raw.balance,
            picture: raw.picture, age: raw.age, name: raw.name, gender: raw.gender,
            company: raw.company, email: raw.email, phone: raw.phone,
            address: Address(street: parts[0], city: parts[1], zip: parts[2]),
            about: raw.about, registered: try RegisteredDate.date(from: raw.registered),
            latitude: raw.latitude, longitude: raw.longitude, tags: raw.tags, friends: raw.friends,
            randomArrayItem: raw.randomArrayItem,
            nickname: raw.id % 3 == 0 ? raw.name.split(separator: " ").first.map { "\($0.lowercased())\(raw.id)" } : nil
        )
    }
}

/// An address string that is not `"street, city, zip"`.
struct AddressFormatError: Error, CustomStringConvertible {
    var text: String
    var description: String { "address \"\(text)\" is not of the form \"584 Willow Street, Salem, 11546\"" }
}
