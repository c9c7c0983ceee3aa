import Foundation

/// One person record as a Codable struct: the value model every coder is measured on.
///
/// The kit engineers tune for exactly this shape, so keep it in step with the task text.
struct Person: Codable, Equatable {
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
    var address: Address
    var about: String
    var registered: Date
    var latitude: Double
    var longitude: Double
    var tags: [String]
    var friends: [Friend]
    var randomArrayItem: String
    var nickname: String?  // set for every 3rd record (derived)
}

/// A person's postal address, parsed from `"584 Willow Street, Salem, 11546"`.
struct Address: Codable, Equatable {
    var street: String
    var city: String
    var zip: String
}

/// A friend entry of a person.
struct Friend: Codable, Equatable, Sendable {
    var id: Int
    var name: String
}
