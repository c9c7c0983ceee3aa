import BaseModelKit
import Foundation

/// A model meant to be subclassed: not final, `required init()`.
class Animal: TestModel {
    var name = "animal"
    var legs = 4

    required init() {}
}

/// A model subclassing another: it codes its own keys by overriding `encode(to:)` and `init(from:)`.
final class Dog: Animal {
    var breed = "mixed"

    private enum CodingKeys: String, CodingKey {
        case breed
    }

    required init() {
        super.init()
        name = "dog"
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        breed = try container.decode(String.self, forKey: .breed)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(breed, forKey: .breed)
        try super.encode(to: encoder)
    }
}
