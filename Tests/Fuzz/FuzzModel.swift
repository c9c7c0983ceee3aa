import CodingCore
import Foundation

// The small Codable model the typed fuzz targets decode hostile input into: every leaf kind
// the coders special-case, optionals, nested containers, and classes with a subclass and
// shared references (so class-name resolution and aliases are exercised).

/// A value-type record with one field of each common kind.
struct FuzzRecord: Codable, Equatable {
    var id: Int
    var name: String
    var score: Double
    var flag: Bool
    var when: Date
    var blob: Data
    var tags: [String]
    var counts: [String: Int]
    var nickname: String?
    var small: UInt8
    var nested: [[Int16]]
}

/// A class node of a graph; children may be shared or be ``FuzzLeaf`` subclasses.
class FuzzNode: Codable {
    var label: String
    var children: [FuzzNode]
    var partner: FuzzNode?

    init(label: String, children: [FuzzNode] = [], partner: FuzzNode? = nil) {
        self.label = label
        self.children = children
        self.partner = partner
    }
}

/// A subclass adding its own key, coded by hand as Swift requires for subclasses.
final class FuzzLeaf: FuzzNode {
    var weight: Float

    init(label: String, weight: Float) {
        self.weight = weight
        super.init(label: label)
    }

    private enum CodingKeys: String, CodingKey { case weight }

    required init(from decoder: any Decoder) throws {
        weight = try decoder.container(keyedBy: CodingKeys.self).decode(Float.self, forKey: .weight)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(weight, forKey: .weight)
        try super.encode(to: encoder)
    }
}

/// The root every typed fuzz target decodes: records plus a small object graph.
struct FuzzDocument: Codable {
    var records: [FuzzRecord]
    var root: FuzzNode
}

/// Example values, encoded by each target's encoder into seed inputs.
enum FuzzSamples {
    static var document: FuzzDocument {
        let shared = FuzzLeaf(label: "shared", weight: 1.5)
        let root = FuzzNode(label: "root", children: [shared, FuzzNode(label: "b", children: [shared]), shared])
        root.partner = shared
        let record = FuzzRecord(
            id: -42, name: "Zoë ☃", score: 3.25, flag: true, when: Date(timeIntervalSince1970: 1_000_000_000),
            blob: Data([0, 1, 2, 255]), tags: ["a", "", "long tag"], counts: ["x": 1, "y": -7],
            nickname: nil, small: 200, nested: [[1, -2], [], [32767]]
        )
        var other = record
        other.nickname = "nick"
        other.id = Int.max
        return FuzzDocument(records: [record, other], root: root)
    }

    /// Registers the model classes with the shared registry, as an app would.
    static func registerClasses() {
        ClassNameRegistry.shared.register(FuzzNode.self, as: "FuzzNode")
        ClassNameRegistry.shared.register(FuzzLeaf.self, as: "FuzzLeaf")
    }
}
