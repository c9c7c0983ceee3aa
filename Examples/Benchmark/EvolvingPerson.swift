import CodingCore
import Foundation

/// ``Person`` as a later version of an app declares it: ``Evolvable``, with one property more.
///
/// The `evolved-complete` workload decodes archives of these (every key present); the
/// `evolved-missing` workload decodes archives of ``Person`` into them, so `level` is missing
/// from every record and is decoded from the type's defaults.
struct EvolvingPerson: Evolvable, Equatable {
    var id = 0
    var guid = ""
    var isActive = false
    var balance = ""
    var picture = ""
    var age = 0
    var name = ""
    var gender = ""
    var company = ""
    var email = ""
    var phone = ""
    var address = Address(street: "", city: "", zip: "")
    var about = ""
    var registered = Date(timeIntervalSinceReferenceDate: 0)
    var latitude = 0.0
    var longitude = 0.0
    var tags: [String] = []
    var friends: [Friend] = []
    var randomArrayItem = ""
    var nickname: String?
    /// The property the later version added.
    var level = 1

    init() {}

    /// `person` as the later version holds it: every field copied, `level` at its default.
    init(_ person: Person) {
        (id, guid, isActive, balance, picture, age) =
            (person.id, person.guid, person.isActive, person.balance, person.picture, person.age)
        (name, gender, company, email, phone, address) =
            (person.name, person.gender, person.company, person.email, person.phone, person.address)
        (about, registered, latitude, longitude, tags, friends) =
            (person.about, person.registered, person.latitude, person.longitude, person.tags, person.friends)
        (randomArrayItem, nickname) = (person.randomArrayItem, person.nickname)
    }
}
