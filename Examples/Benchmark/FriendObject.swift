import Foundation

/// The class form of ``Friend``.
final class FriendObject: NSObject, Codable, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var id: Int
    var name: String

    init(_ friend: Friend) {
        id = friend.id
        name = friend.name
    }

    var value: Friend { Friend(id: id, name: name) }

    func encode(with coder: NSCoder) {
        coder.encode(id, forKey: "id")
        coder.encode(name, forKey: "name")
    }

    init?(coder: NSCoder) {
        guard let name = coder.decodeString(forKey: "name") else { return nil }
        id = coder.decodeInteger(forKey: "id")
        self.name = name
    }
}
