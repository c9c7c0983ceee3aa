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

/// What a program does with a decoded value, so the fuzzers check it too: walk it, write it
/// back, read that again, and let it go (at the end of the caller's scope).
enum FuzzUse {
    /// The deepest a decoded value may nest: the coders' limit, counted through references.
    static let depthLimit = ArchiveLimits.defaultMaximumDepth

    /// Walks the node graph depth first (each node once), crashing if it nests beyond the limit.
    static func walk(_ node: FuzzNode) {
        var visited: Set<ObjectIdentifier> = []
        walk(node, depth: 1, visited: &visited)
    }

    private static func walk(_ node: FuzzNode, depth: Int, visited: inout Set<ObjectIdentifier>) {
        guard visited.insert(ObjectIdentifier(node)).inserted else { return }
        // A decoder that let a graph nest deeper than its limit has a bug: make it a fuzz crash.
        precondition(depth <= depthLimit + 8, "decoded graph nests \(depth) levels deep")
        _ = node.label.utf8.count
        for child in node.children { walk(child, depth: depth + 1, visited: &visited) }
        if let partner = node.partner { walk(partner, depth: depth + 1, visited: &visited) }
    }

    /// Walks `value` (and describes it), writes it back with `encode` and reads that with `decode`, which must succeed.
    static func roundTrip<T>(
        _ value: T, describe: Bool = true, walk: (T) -> Void, encode: (T) throws -> Data, decode: (Data) throws -> T
    ) {
        walk(value)
        if describe { _ = String(describing: value).utf8.count }
        // Writing back may legitimately fail (say, a value the format cannot hold); reading
        // what was written must not.
        guard let written = try? encode(value) else { return }
        do {
            walk(try decode(written))
        } catch {
            preconditionFailure("re-reading a re-encoded value failed: \(error)")
        }
    }
}
