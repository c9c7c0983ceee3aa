import CodingCore
import Foundation

// The fuzz model as a later version of a program declares it: `Evolvable`, with properties
// added, removed and renamed, so a typed fuzz target that decodes inputs (and the seeds its
// encoder made from the older model) into these drives the decoder's missing-key paths:
// former names, defaults counted against the limits, a decode over a base value.

/// ``FuzzRecord`` later: `name` is now `title`, `flag`, `when`, `blob` and `small` are gone, and
/// a nested value and a list were added.
struct FuzzEvolvedRecord: Evolvable {
    var id = 0
    var title = ""
    var score = 0.0
    var tags: [String] = []
    var counts: [String: Int] = [:]
    var nickname: String? = "none"
    var rating = FuzzEvolvedRating()
    var history = [1, 2, 3]

    static let formerKeys = ["title": ["name", "nickname"]]

    init() {}
}

/// A nested value the later version added.
struct FuzzEvolvedRating: Evolvable {
    var stars = 3
    var note = "ok"

    init() {}
}

/// ``FuzzNode`` (and ``FuzzLeaf``) later, with a property more.
final class FuzzEvolvedNode: Evolvable {
    var label = ""
    var children: [FuzzEvolvedNode] = []
    var partner: FuzzEvolvedNode?
    var color = "red"

    init() {}

    /// Walks the graph depth first (each node once), crashing if it nests beyond the limit.
    func walk() {
        var visited: Set<ObjectIdentifier> = []
        walk(depth: 1, visited: &visited)
    }

    private func walk(depth: Int, visited: inout Set<ObjectIdentifier>) {
        guard visited.insert(ObjectIdentifier(self)).inserted else { return }
        precondition(depth <= FuzzUse.depthLimit + 8, "decoded graph nests \(depth) levels deep")
        _ = label.utf8.count + color.utf8.count
        for child in children { child.walk(depth: depth + 1, visited: &visited) }
        partner?.walk(depth: depth + 1, visited: &visited)
    }
}

/// ``FuzzDocument`` later, with a title more.
struct FuzzEvolvedDocument: Evolvable {
    var records: [FuzzEvolvedRecord] = []
    var root = FuzzEvolvedNode()
    var title = "untitled"

    init() {}

    /// A registry reading the older model's class names as the evolved node.
    static let registry: ClassNameRegistry = {
        let registry = ClassNameRegistry()
        registry.register(FuzzEvolvedNode.self, as: "FuzzNode", legacyNames: ["FuzzLeaf"])
        return registry
    }()
}

extension FuzzUse {
    /// Decodes `data` into the evolved model with `format` (built with
    /// ``FuzzEvolvedDocument/registry``): the document alone and over a base value, and the
    /// records; each decoded value is walked, written back and read again.
    static func decodeEvolved(_ data: Data, with format: some ArchiveFormat) {
        var base = FuzzEvolvedDocument()
        base.title = "base"
        for document in [
            try? format.decode(FuzzEvolvedDocument.self, from: data),
            try? format.decode(FuzzEvolvedDocument.self, from: data, over: base),
        ] {
            guard let document else { continue }
            roundTrip(
                document, walk: { $0.root.walk() }, encode: format.encode,
                decode: { try format.decode(FuzzEvolvedDocument.self, from: $0) })
        }
        if let records = try? format.decode([FuzzEvolvedRecord].self, from: data) {
            roundTrip(
                records, walk: { _ = $0.count }, encode: format.encode,
                decode: { try format.decode([FuzzEvolvedRecord].self, from: $0) })
        }
    }
}
