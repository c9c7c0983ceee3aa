import Foundation

/// The class form of ``Address``.
final class AddressObject: NSObject, Codable, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var street: String
    var city: String
    var zip: String

    init(_ address: Address) {
        street = address.street
        city = address.city
        zip = address.zip
    }

    var value: Address { Address(street: street, city: city, zip: zip) }

    func encode(with coder: NSCoder) {
        coder.encode(street, forKey: "street")
        coder.encode(city, forKey: "city")
        coder.encode(zip, forKey: "zip")
    }

    init?(coder: NSCoder) {
        guard
            let street = coder.decodeString(forKey: "street"),
            let city = coder.decodeString(forKey: "city"),
            let zip = coder.decodeString(forKey: "zip")
        else { return nil }
        self.street = street
        self.city = city
        self.zip = zip
    }
}
