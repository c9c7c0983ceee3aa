import Foundation

/// The class model: the fields of ``Person`` held in final classes, where every person points
/// at one of a few shared ``CompanyObject`` instances so coders that track identity are
/// exercised.
///
/// The suite's coders and Foundation's Codable coders use the synthesized `Codable`
/// conformance; `NSKeyedArchiver` codes the same graph through `NSSecureCoding`, which is why
/// the classes derive from `NSObject`.
final class PersonObject: NSObject, Codable, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

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

    func encode(with coder: NSCoder) {
        coder.encode(id, forKey: "id")
        coder.encode(guid, forKey: "guid")
        coder.encode(isActive, forKey: "isActive")
        coder.encode(balance, forKey: "balance")
        coder.encode(picture, forKey: "picture")
        coder.encode(age, forKey: "age")
        coder.encode(name, forKey: "name")
        coder.encode(gender, forKey: "gender")
        coder.encode(company, forKey: "company")
        coder.encode(email, forKey: "email")
        coder.encode(phone, forKey: "phone")
        coder.encode(address, forKey: "address")
        coder.encode(about, forKey: "about")
        coder.encode(
            NSDate(timeIntervalSinceReferenceDate: registered.timeIntervalSinceReferenceDate), forKey: "registered")
        coder.encode(latitude, forKey: "latitude")
        coder.encode(longitude, forKey: "longitude")
        coder.encode(NSArray(array: tags.map { NSString(string: $0) }), forKey: "tags")
        coder.encode(NSArray(array: friends), forKey: "friends")
        coder.encode(randomArrayItem, forKey: "randomArrayItem")
        if let nickname {
            coder.encode(nickname, forKey: "nickname")
        }
    }

    init?(coder: NSCoder) {
        guard
            let company = coder.decodeObject(of: CompanyObject.self, forKey: "company"),
            let address = coder.decodeObject(of: AddressObject.self, forKey: "address"),
            let friends = coder.decodeObject(of: [NSArray.self, FriendObject.self], forKey: "friends")
                as? [FriendObject],
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
        id = coder.decodeInteger(forKey: "id")
        self.guid = guid
        isActive = coder.decodeBool(forKey: "isActive")
        self.balance = balance
        self.picture = picture
        age = coder.decodeInteger(forKey: "age")
        self.name = name
        self.gender = gender
        self.company = company
        self.email = email
        self.phone = phone
        self.address = address
        self.about = about
        self.registered = Date(timeIntervalSinceReferenceDate: registered.timeIntervalSinceReferenceDate)
        latitude = coder.decodeDouble(forKey: "latitude")
        longitude = coder.decodeDouble(forKey: "longitude")
        self.tags = tags
        self.friends = friends
        self.randomArrayItem = randomArrayItem
        nickname = coder.containsValue(forKey: "nickname") ? coder.decodeString(forKey: "nickname") : nil
    }
}
