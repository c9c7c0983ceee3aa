import Foundation

/// The class model: the same fields as ``Person`` held in final classes, where every person
/// points at one of a few shared ``CompanyObject`` instances so coders that track identity
/// are exercised.
final class PersonObject: Codable {
    var id: Int
    var guid: String
    var isActive: Bool
    var balance: String
    var picture: String
    var age: Int
    var name: String
    var gender: String
    var company: CompanyObject
    var email: String
    var phone: String
    var address: AddressObject
    var about: String
    var registered: Date
    var latitude: Double
    var longitude: Double
    var tags: [String]
    var friends: [FriendObject]
    var randomArrayItem: String
    var nickname: String?

    /// Builds the object form of `person`, pointing at the shared `company` instance.
    init(_ person: Person, company: CompanyObject) {
        id = person.id
        guid = person.guid
        isActive = person.isActive
        balance = person.balance
        picture = person.picture
        age = person.age
        name = person.name
        gender = person.gender
        self.company = company
        email = person.email
        phone = person.phone
        address = AddressObject(person.address)
        about = person.about
        registered = person.registered
        latitude = person.latitude
        longitude = person.longitude
        tags = person.tags
        friends = person.friends.map(FriendObject.init)
        randomArrayItem = person.randomArrayItem
        nickname = person.nickname
    }

    /// The value form, used to check that a decoded graph holds the right data.
    var value: Person {
        Person(
            id: id, guid: guid, isActive: isActive, balance: balance, picture: picture, age: age,
            name: name, gender: gender, company: company.name, email: email, phone: phone,
            address: address.value, about: about, registered: registered, latitude: latitude,
            longitude: longitude, tags: tags, friends: friends.map(\.value),
            randomArrayItem: randomArrayItem, nickname: nickname
        )
    }
}

/// A company shared by many persons of the class model (one instance per company name).
final class CompanyObject: Codable {
    var name: String

    init(name: String) {
        self.name = name
    }
}

/// The class form of ``Address``.
final class AddressObject: Codable {
    var street: String
    var city: String
    var zip: String

    init(_ address: Address) {
        street = address.street
        city = address.city
        zip = address.zip
    }

    var value: Address { Address(street: street, city: city, zip: zip) }
}

/// The class form of ``Friend``.
final class FriendObject: Codable {
    var id: Int
    var name: String

    init(_ friend: Friend) {
        id = friend.id
        name = friend.name
    }

    var value: Friend { Friend(id: id, name: name) }
}
