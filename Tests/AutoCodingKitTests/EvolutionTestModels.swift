import AutoCodingKit
import Foundation

// Models of the kit's own evolution tests: versions 1 as an app wrote them, versions 2 that
// gained properties.

/// A folder as version 1 wrote it: children that point back at their parent.
final class FolderV1: Encodable {
    var name: String
    var children: [FolderV1] = []
    weak var parent: FolderV1?

    init(name: String) {
        self.name = name
    }

    func adopt(_ child: FolderV1) {
        children.append(child)
        child.parent = self
    }
}

/// The folder in version 2, decoded in two phases (so a child may point back at it), with a
/// colour more.
final class EvolvingFolder: Evolvable, TwoPhaseDecodable {
    var name = ""
    var color = "blue"
    var children: [EvolvingFolder] = []
    weak var parent: EvolvingFolder?

    private enum CodingKeys: String, CodingKey { case name, color, children, parent }

    init() {}

    convenience init(from decoder: any Decoder) throws {
        self.init()
        try decodeProperties(from: decoder)
    }

    func decodeProperties(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        color = try container.decode(String.self, forKey: .color)
        children = try container.decode([EvolvingFolder].self, forKey: .children)
        parent = try container.decodeIfPresent(EvolvingFolder.self, forKey: .parent)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(color, forKey: .color)
        try container.encode(children, forKey: .children)
        try container.encodeIfPresent(parent, forKey: .parent)
    }
}

/// A note class whose added property is heavy: decoded once however many UIDs name it.
final class HeavyNoteObject: Evolvable {
    var name = ""
    var table = [Int](repeating: 1, count: 50_000)

    init() {}
}

/// Settings as version 1 saved them.
struct SettingsV1: Codable {
    var theme: String
}

/// Settings in version 2: an ``AutoModel`` that gained properties.
struct EvolvingSettings: Evolvable, AutoModel {
    var theme = "light"
    var fontSize = 12
    var recent: [String] = []

    init() {}
}

/// A document whose value refuses to be encoded once marked: decoding over a marked value
/// shows when the value is encoded.
struct RefusingDocument: Evolvable {
    var name = ""
    var size = 1
    /// Not coded: makes `encode(to:)` throw.
    var refuses = false

    private enum CodingKeys: String, CodingKey { case name, size }

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        size = try container.decode(Int.self, forKey: .size)
    }

    func encode(to encoder: any Encoder) throws {
        guard !refuses else {
            throw EncodingError.invalidValue(
                self, EncodingError.Context(codingPath: [], debugDescription: "this document refuses"))
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(size, forKey: .size)
    }
}

/// A document with a name and a size, as version 1 or any other writer saved it.
struct SizedDocumentV1: Codable {
    var name: String
    var size: Int
}
