/// Generates person records of the same shape as `people.json`, deterministically, for a
/// fresh clone without the shared benchmark data.
struct PeopleGenerator {
    private var random = SplitMix64(seed: 0x5EED_0F_BE_4C_4)

    private static let firstNames = [
        "Ada", "Alan", "Barbara", "Dennis", "Edsger", "Frances", "Grace", "Guido", "Hedy", "John",
        "Ken", "Leslie", "Linus", "Margaret", "Niklaus", "Radia", "Tim", "Yukihiro",
    ]
    private static let lastNames = [
        "Allen", "Backus", "Hoare", "Hopper", "Kay", "Knuth", "Lamarr", "Liskov", "Lovelace",
        "Ritchie", "Rossum", "Perlman", "Thompson", "Turing", "Wirth",
    ]
    private static let streets = ["Willow Street", "Maple Avenue", "Ocean Parkway", "Elm Court", "Cedar Lane"]
    private static let cities = ["Salem", "Springfield", "Riverside", "Fairview", "Madison", "Georgetown"]
    private static let words = [
        "ad", "aliqua", "amet", "anim", "aute", "cillum", "commodo", "culpa", "dolor", "duis",
        "eiusmod", "esse", "fugiat", "irure", "labore", "laborum", "lorem", "minim", "mollit",
        "nisi", "nostrud", "officia", "quis", "sint", "tempor", "ullamco", "velit", "veniam",
    ]
    private static let fruits = ["apple", "banana", "cherry", "grape", "lemon", "mango"]
    private static let companyCount = 80

    /// Makes `count` records with ids `0..<count`.
    mutating func people(count: Int) -> [RawPerson] {
        (0..<count).map { person(id: $0) }
    }

    private mutating func person(id: Int) -> RawPerson {
        let first = pick(Self.firstNames)
        let last = pick(Self.lastNames)
        let companyNumber = number(below: Self.companyCount)
        let company = "\(Self.lastNames[companyNumber % Self.lastNames.count].uppercased())TECH\(companyNumber)"
        let seconds = 1_000_000_000 + Int(random.next() % 400_000_000)
        return RawPerson(
            id: id,
            guid: guid(),
            isActive: random.next() % 2 == 0,
            balance: "$\(number(below: 4000)),\(number(below: 1000)).\(number(below: 100))",
            picture: "http://placehold.it/32x32?\(number(below: 1_000_000))",
            age: 18 + number(below: 70),
            name: "\(first) \(last)",
            gender: random.next() % 2 == 0 ? "female" : "male",
            company: company,
            email: "\(first.lowercased()).\(last.lowercased())\(id)@example.com",
            phone: "+1 (\(100 + number(below: 900))) \(100 + number(below: 900))-\(1000 + number(below: 9000))",
            address:
                "\(100 + number(below: 900)) \(pick(Self.streets)), \(pick(Self.cities)), \(10000 + number(below: 90000))",
            about: (0..<60).map { _ in pick(Self.words) }.joined(separator: " ") + ".",
            registered: RegisteredDate.string(secondsSince1970: seconds),
            latitude: Double(number(below: 180_000_000)) / 1_000_000 - 90,
            longitude: Double(number(below: 360_000_000)) / 1_000_000 - 180,
            tags: (0..<7).map { _ in pick(Self.words) },
            friends: (0..<3).map { Friend(id: $0, name: "\(pick(Self.firstNames)) \(pick(Self.lastNames))") },
            randomArrayItem: pick(Self.fruits)
        )
    }

    private mutating func number(below bound: Int) -> Int {
        Int(random.next() % UInt64(bound))
    }

    private mutating func pick(_ choices: [String]) -> String {
        choices[number(below: choices.count)]
    }

    private mutating func guid() -> String {
        let hex = String(random.next(), radix: 16) + String(random.next(), radix: 16)
        let digits = Array(String(repeating: "0", count: max(0, 32 - hex.count)) + hex)
        let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(digits[$0]) }
        return groups.joined(separator: "-")
    }
}

/// A small, fast, deterministic pseudo-random generator (SplitMix64).
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
