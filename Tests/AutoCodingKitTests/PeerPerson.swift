import Foundation

/// The NSObject side of the peer tests: an `NSSecureCoding` class with the same keys as
/// ``PeerRecord``, registered with Foundation's archiver and unarchiver as `PeerPerson`.
final class PeerPerson: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var name: String
    var age: Int
    var birthday: Date
    var tags: [String]
    var photo: Data
    var friend: PeerPerson?

    init(name: String, age: Int, birthday: Date, tags: [String], photo: Data) {
        self.name = name
        self.age = age
        self.birthday = birthday
        self.tags = tags
        self.photo = photo
    }

    init?(coder: NSCoder) {
        guard let name = coder.decodeObject(of: NSString.self, forKey: "name"),
            let birthday = coder.decodeObject(of: NSDate.self, forKey: "birthday"),
            let tags = coder.decodeObject(of: [NSArray.self, NSString.self], forKey: "tags") as? [String],
            let photo = coder.decodeObject(of: NSData.self, forKey: "photo")
        else { return nil }
        self.name = name as String
        age = coder.decodeInteger(forKey: "age")
        self.birthday = birthday as Date
        self.tags = tags
        self.photo = photo as Data
        // swift-corelibs reports a missing key as a decoding failure, so ask first.
        if coder.containsValue(forKey: "friend") {
            friend = coder.decodeObject(of: PeerPerson.self, forKey: "friend")
        }
    }

    func encode(with coder: NSCoder) {
        coder.encode(name as NSString, forKey: "name")
        coder.encode(age, forKey: "age")
        coder.encode(birthday as NSDate, forKey: "birthday")
        coder.encode(tags as NSArray, forKey: "tags")
        coder.encode(photo as NSData, forKey: "photo")
        if let friend { coder.encode(friend, forKey: "friend") }
    }
}

/// The Codable side of the peer tests, archived under the class name `PeerPerson`.
final class PeerRecord: Codable {
    var name: String
    var age: Int
    var birthday: Date
    var tags: [String]
    var photo: Data
    var friend: PeerRecord?

    init(name: String, age: Int, birthday: Date, tags: [String], photo: Data) {
        self.name = name
        self.age = age
        self.birthday = birthday
        self.tags = tags
        self.photo = photo
    }
}
