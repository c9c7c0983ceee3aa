import ArchiveTestSupport
import CodingCore
import FastCodingKit
import Foundation

// Models of the FastCoding-specific evolution tests, in pairs: what an app wrote before it
// changed ("V1", plain Codable) and what it reads now ("V2", Evolvable, unless said otherwise).

/// The vectors' `Person` as a later version of an app declares it: one property more than the
/// original's files hold.
final class EvolvedPerson: Evolvable {
    var name = ""
    var age = 0
    var height = 0.0
    var active = false
    var email: String?
    var nickname: String?
    var birthday: Date?
    var tags: [String] = []
    var address: EvolvedAddress?
    var bestFriend: EvolvedPerson?
    /// Added later: no file of the original holds it.
    var rank = 3

    init() {}
}

/// The vectors' `Address`, with one property more.
final class EvolvedAddress: Evolvable {
    var street = ""
    var city = ""
    var zip = ""
    var country: String?
    /// Added later.
    var planet = "Earth"

    init() {}
}

/// A registry reading the vectors' `Person` and `Address` as the evolved classes.
func evolvedVectorRegistry() -> ClassNameRegistry {
    let registry = ClassNameRegistry()
    registry.register(EvolvedPerson.self, as: "Person")
    registry.register(EvolvedAddress.self, as: "Address")
    return registry
}

/// A task before it had a reminder.
final class TaskV1: Codable {
    var title: String

    init(title: String) {
        self.title = title
    }
}

/// A task with a reminder, a class-typed property added with a default.
final class TaskV2: Evolvable {
    var title = ""
    var reminder = EvolutionReminder()

    init() {}
}

/// A task with a heavy added property: 50,000 values, within the smallest expansion budget
/// (65,536) once, beyond it twice.
final class HeavyTaskV2: Evolvable {
    var title = ""
    var history = [Int](repeating: 7, count: 50_000)

    init() {}
}

/// ``HeavyTaskV2`` as a struct: a value type, read again at every alias to it.
struct HeavyRecordV2: Evolvable {
    var title = ""
    var history = [Int](repeating: 7, count: 50_000)

    init() {}
}

/// A record before it had a font size.
struct FontV1: Codable {
    var name = "Groceries"
}

/// A record with a font size whose default an `encode(to:)` takes from `userInfo` when set.
struct FontV2: Evolvable {
    static let sizeKey = CodingUserInfoKey(rawValue: "FontV2.size")!

    var name = ""
    var fontSize = 12

    private enum CodingKeys: String, CodingKey {
        case name, fontSize
    }

    init() {}

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(encoder.userInfo[Self.sizeKey] as? Int ?? fontSize, forKey: .fontSize)
    }
}

/// A two-phase folder (created, registered, then filled: its files point back at it) with a
/// property more than ``TwoPhaseFolder`` wrote.
final class EvolvedFolder: TwoPhaseDecodable, Evolvable {
    var name = ""
    var files: [EvolvedFile] = []
    /// Added later.
    var color = "blue"

    private enum CodingKeys: String, CodingKey {
        case name, files, color
    }

    init() {}

    convenience init(from decoder: any Decoder) throws {
        self.init()
        try decodeProperties(from: decoder)
    }

    func decodeProperties(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        files = try container.decode([EvolvedFile].self, forKey: .files)
        color = try container.decode(String.self, forKey: .color)
    }
}

/// A file of an ``EvolvedFolder``, with a property more than ``TwoPhaseFile`` wrote.
final class EvolvedFile: Evolvable {
    var name = ""
    weak var folder: EvolvedFolder?
    /// Added later.
    var size = 1

    init() {}
}

/// A contact as version 1 wrote it, with properties version 2 no longer has: a dictionary of
/// lists, data, and objects of a class version 2 does not know (one of them shared).
final class WideContact: Codable {
    var name: String
    var phone = "+1-555-0100"
    var notes = ["work": [1, 2], "home": [3]]
    var photo = Data([0xFF, 0xD8, 0xFF])
    var visits: [WideVisit]
    var lastVisit: WideVisit

    init(name: String, visits: [WideVisit]) {
        self.name = name
        self.visits = visits
        lastVisit = visits[visits.count - 1]
    }
}

/// A class version 2 no longer has.
final class WideVisit: Codable {
    var place: String
    var tags = ["a", "b"]

    init(place: String) {
        self.place = place
    }
}

/// Version 2 of the contact, which reads its phone before its name (not in the file's order)
/// and has nothing else: not `Evolvable`, as skipping keys needs no contract.
final class NarrowContact: Codable {
    var phone: String
    var name: String
}
