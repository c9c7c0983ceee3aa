/// A person record exactly as `people.json` spells it: the address is one string and
/// `registered` is a date string. ``PeopleSource`` turns these into ``Person`` values.
struct RawPerson: Codable, Sendable {
    var id: Int
    var guid: String
    var isActive: Bool
    var balance: String
    var picture: String
    var age: Int
    var name: String
    var gender: String
    var company: String
    var email: String
    var phone: String
    var address: String
    var about: String
    var registered: String
    var latitude: Double
    var longitude: Double
    var tags: [String]
    var friends: [Friend]
    var randomArrayItem: String
}
