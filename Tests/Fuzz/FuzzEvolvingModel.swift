import CodingCore
import Foundation

// A model that changed since the fuzz model's records were written: typed fuzz targets decode
// hostile input into it too, so missing keys (defaults), former key names and skipped keys are
// exercised along with the rest of the decoder. `FuzzRecord` archives load into it: `name` is
// a former name of `title`, and `flag`, `score`, … are keys it no longer has.

/// A record with added, renamed and removed properties.
struct FuzzEvolvingRecord: Evolvable {
    var id = 0
    var title = "untitled"
    var tags = ["new"]
    var nickname: String? = "nick"
    var weights: [String: Double] = ["a": 0.5]
    var node = FuzzEvolvingNode()
    var shared: [FuzzEvolvingNode] = []

    static let formerKeys = ["title": ["name"], "weights": ["counts"]]
}

/// A class node that gained properties: aliases may name it, with its missing keys filled.
final class FuzzEvolvingNode: Evolvable {
    var label = "node"
    var size = 1
    var next: FuzzEvolvingNode?

    init() {}
}

extension FuzzUse {
    /// Walks evolving records' nodes (each once), crashing if they nest beyond the limit.
    static func walk(_ records: [FuzzEvolvingRecord]) {
        var visited: Set<ObjectIdentifier> = []
        for record in records {
            _ = record.title.utf8.count
            for node in [record.node] + record.shared {
                var depth = 1
                var current: FuzzEvolvingNode? = node
                while let step = current, visited.insert(ObjectIdentifier(step)).inserted {
                    precondition(depth <= depthLimit + 8, "decoded nodes nest \(depth) levels deep")
                    _ = step.label.utf8.count
                    current = step.next
                    depth += 1
                }
            }
        }
    }
}
