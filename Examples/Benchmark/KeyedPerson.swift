import Foundation

/// The person record as an `NSObject` graph adopting `NSSecureCoding`, for the
/// `NSKeyedArchiver` peer row. Persons share ``KeyedCompany`` instances like the class model.
final class KeyedPerson: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    let person: Person
    let company: KeyedCompany
    let address: KeyedAddress
    let friends: [KeyedFriend]

    init(_ person: Person, company: KeyedCompany) {
        self.person = person
        self.company = company
        address = KeyedAddress(person.address)
        friends = person.friends.map(KeyedFriend.init)
    }

    func encode(with coder: NSCoder) {
        coder.encode(person.id, forKey: "id")
        coder.encode(person.guid, forKey: "guid")
        coder.encode(person.isActive, forKey: "isActive")
        coder.encode(person.balance, forKey: "balance")
        coder.encode(person.picture, forKey: "picture")
        coder.encode(person.age, forKey: "age")
        coder.encode(person.name, forKey: "name")
        coder.encode(person.gender, forKey: "gender")
        coder.encode(company, forKey: "company")
        coder.encode(person.email, forKey: "email")
        coder.encode(person.phone, forKey: "phone")
        coder.encode(address, forKey: "address")
        coder.encode(person.about, forKey: "about")
        coder.encode(NSDate(timeIntervalSinceReferenceDate: person.registered.timeIntervalSinceReferenceDate), forKey: "registered")
        coder.encode(person.latitude, forKey: "latitude")
        coder.encode(person.longitude, forKey: "longitude")
        coder.encode(NSArray(array: person.tags.map { NSString(string: $0) }), forKey: "tags")
        coder.encode(NSArray(array: friends), forKey: "friends")
        coder.encode(person.randomArrayItem, forKey: "randomArrayItem")
        if let nickname = person.nickname {
            coder.encode(nickname, forKey: "nickname")
        }
    }

    init?(coder: NSCoder) {
        guard
            let company = coder.decodeObject(of: KeyedCompany.self, forKey: "company"),
            let address = coder.decodeObject(of: KeyedAddress.self, forKey: "address"),
            let friends = coder.decodeObject(of: [NSArray.self, KeyedFriend.self], forKey: "friends") as? [KeyedFriend],
            let tags = coder.decodeObject(of: [NSArray.self, NSString.self], forKey: "tags") as? [String],
            let registered = coder.decodeObject(of: NSDate.self, forKey: "registered"),
            let guid = coder.decodeString(forKey: "guid"),
            let balance = coder.decodeString(forKey: "balance"),
            let picture = coder.decodeString(forKey: "picture"),
            let name = coder.decodeString(forKey: "name"),
            let gender = coder.decodeString(forKey: "gender"),
            let email = coder.decodeString(forKey: "email"),
            let phone = coder.decodeString(forKey: "phone"),
            let about = coder.decodeString(forKey: "about"),
            let randomArrayItem = coder.decodeString(forKey: "randomArrayItem")
        else { return nil }
        self.company = company
        self.address = address
        self.friends = friends
        person = Person(
            id: coder.decodeInteger(forKey: "id"), guid: guid, isActive: coder.decodeBool(forKey: "isActive"),
            balance: balance, picture: picture, age: coder.decodeInteger(forKey: "age"), name: name,
            gender: gender, company: company.name, email: email, phone: phone, address: address.address,
            about: about, registered: Date(timeIntervalSinceReferenceDate: registered.timeIntervalSinceReferenceDate),
            latitude: coder.decodeDouble(forKey: "latitude"), longitude: coder.decodeDouble(forKey: "longitude"),
            tags: tags, friends: friends.map(\.friend), randomArrayItem: randomArrayItem,
            nickname: coder.containsValue(forKey: "nickname") ? coder.decodeString(forKey: "nickname") : nil
        )
    }
}

/// A company shared by many ``KeyedPerson`` objects.
final class KeyedCompany: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    let name: String

    init(name: String) {
        self.name = name
    }

    func encode(with coder: NSCoder) {
        coder.encode(name, forKey: "name")
    }

    init?(coder: NSCoder) {
        guard let name = coder.decodeString(forKey: "name") else { return nil }
        self.name = name
    }
}

/// The `NSSecureCoding` form of ``Address``.
final class KeyedAddress: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    let address: Address

    init(_ address: Address) {
        self.address = address
    }

    func encode(with coder: NSCoder) {
        coder.encode(address.street, forKey: "street")
        coder.encode(address.city, forKey: "city")
        coder.encode(address.zip, forKey: "zip")
    }

    init?(coder: NSCoder) {
        guard
            let street = coder.decodeString(forKey: "street"),
            let city = coder.decodeString(forKey: "city"),
            let zip = coder.decodeString(forKey: "zip")
        else { return nil }
        address = Address(street: street, city: city, zip: zip)
    }
}

/// The `NSSecureCoding` form of ``Friend``.
final class KeyedFriend: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    let friend: Friend

    init(_ friend: Friend) {
        self.friend = friend
    }

    func encode(with coder: NSCoder) {
        coder.encode(friend.id, forKey: "id")
        coder.encode(friend.name, forKey: "name")
    }

    init?(coder: NSCoder) {
        guard let name = coder.decodeString(forKey: "name") else { return nil }
        friend = Friend(id: coder.decodeInteger(forKey: "id"), name: name)
    }
}

extension NSCoder {
    /// Decodes an `NSString` under `key` as a Swift string, or `nil` when absent or of another class.
    func decodeString(forKey key: String) -> String? {
        decodeObject(of: NSString.self, forKey: key).map { String(describing: $0) }
    }
}
