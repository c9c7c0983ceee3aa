import Foundation
import HRCoderKit

// The reference vectors' model classes as a later version of an app declares them: `Evolvable`
// with synthesized `Codable` (no hand-written `init(from:)` to tolerate missing keys), and one
// property more than any of the original's files holds.

/// The vectors' `Person`, with `rating` added.
final class EvolvedPerson: Evolvable {
    var name: String?
    var age = 0
    var height = 0.0
    var active = false
    var email: String?
    var nickname: String?
    var birthday: Date?
    var tags: [String]?
    var address: EvolvedAddress?
    var bestFriend: EvolvedPerson?
    /// The property the files do not hold.
    var rating = 3

    init() {}
}

/// The vectors' `Address`.
final class EvolvedAddress: Evolvable {
    var street: String?
    var city: String?
    var zip: String?
    var country: String?

    init() {}
}
