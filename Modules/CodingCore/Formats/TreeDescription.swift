import Foundation

/// Writes the untyped trees the kits expose (FastCoding values, HRCoder documents, keyed-archive
/// graphs) as one readable line: `Person(name: "Ann", tags: ["a", "b"])`.
///
/// A node mentioned more than once (shared, or on a cycle) is written in full where it is first
/// met, labelled `#n`, and as `#n` after that, so the text grows with the number of nodes however
/// much they are shared. Nesting deeper than ``maximumDepth`` is written as `…`, so a deep tree
/// cannot exhaust the stack.
package struct TreeDescription<Node: Hashable> {
    /// How many containers deep the text goes before writing `…`.
    package static var maximumDepth: Int { 64 }
    /// How many bytes of a data value are shown.
    static var shownBytes: Int { 16 }

    /// The text so far.
    package private(set) var text = ""
    private var depth = 0
    private let shared: Set<Node>
    private var labels: [Node: String] = [:]

    /// A writer that labels the nodes in `shared` (those mentioned more than once).
    package init(shared: Set<Node> = []) {
        self.shared = shared
    }

    /// Appends `fragment` as it is.
    package mutating func write(_ fragment: String) {
        text += fragment
    }

    /// Appends `string` in double quotes, escaped as Swift writes a string literal.
    package mutating func quoted(_ string: String) {
        text += string.debugDescription
    }

    /// Appends `<n bytes: 01 02 …>`, the first ``shownBytes`` bytes in hexadecimal.
    package mutating func bytes(_ data: Data) {
        let shown = data.prefix(Self.shownBytes).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }
        let more = data.count > Self.shownBytes ? " …" : ""
        let noun = data.count == 1 ? "byte" : "bytes"
        text += data.isEmpty ? "<0 bytes>" : "<\(data.count) \(noun): \(shown.joined(separator: " "))\(more)>"
    }

    /// Appends `date` as an ISO 8601 instant in UTC, to the second (`2024-05-01T12:00:00Z`).
    package mutating func date(_ date: Date) {
        text += date.formatted(Date.ISO8601FormatStyle())
    }

    /// Appends `open`, each of `items` (written by `item`) separated by `, `, then `close`; `…`
    /// in place of the items when the tree is already ``maximumDepth`` deep here.
    package mutating func list<Items: Collection>(
        _ open: String, _ items: Items, _ close: String, item: (inout Self, Items.Element) -> Void
    ) {
        text += open
        if depth >= Self.maximumDepth {
            if !items.isEmpty { text += "…" }
        } else {
            depth += 1
            for (position, element) in items.enumerated() {
                if position > 0 { text += ", " }
                item(&self, element)
            }
            depth -= 1
        }
        text += close
    }

    /// Starts the node `node`: `true` when its contents are to be written now (labelling it
    /// first when it is shared: `label`, else `#n` counting shared nodes from 1), `false` when it
    /// was written before (its label written instead).
    package mutating func enter(_ node: Node, label: String? = nil) -> Bool {
        guard shared.contains(node) else { return true }
        if let known = labels[node] {
            text += known
            return false
        }
        let name = label ?? "#\(labels.count + 1)"
        labels[node] = name
        text += name + " "
        return true
    }
}
