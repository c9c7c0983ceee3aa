import Foundation

/// A company shared by many persons of the class model (one instance per company name).
final class CompanyObject: NSObject, Codable, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var name: String

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
