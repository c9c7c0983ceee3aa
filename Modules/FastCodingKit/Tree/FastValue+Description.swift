import Foundation

extension FastValue: CustomStringConvertible {
    /// The tree as one readable line, with its values: `Person(name: "Ann", tags: ["a", "b"])`.
    ///
    /// A node reached more than once (shared, or on a cycle) is written in full the first time,
    /// labelled `#1`, `#2`, …, and by its label after that; trees nested more than 64 levels
    /// deep are cut with `…`.
    public var description: String {
        var writer = TreeDescription(shared: Self.sharedNodes(reachableFrom: [self]))
        write(to: &writer)
        return writer.text
    }

    /// Appends the value's text to `writer`.
    func write(to writer: inout TreeDescription<ObjectIdentifier>) {
        switch self {
        case .absent: writer.write("nil")
        case .null: writer.write("null")
        case let .bool(flag): writer.write(flag ? "true" : "false")
        case let .integer(integer): writer.write(String(integer))
        case let .float(number): writer.write("\(number)")
        case let .double(number): writer.write("\(number)")
        case let .decimal(decimal): writer.write("\(decimal)")
        case let .string(string): writer.quoted(string)
        case let .url(relative, base):
            writer.write("URL(")
            writer.quoted(relative)
            if let base {
                writer.write(", relativeTo: ")
                base.write(to: &writer)
            }
            writer.write(")")
        case let .structValue(value): writer.write("\(value)")
        case let .reference(node):
            guard writer.enter(ObjectIdentifier(node)) else { return }
            node.content.write(to: &writer)
        }
    }

    /// The nodes reached more than once from `roots`, found without recursion.
    static func sharedNodes(reachableFrom roots: [FastValue]) -> Set<ObjectIdentifier> {
        var seen: Set<ObjectIdentifier> = []
        var shared: Set<ObjectIdentifier> = []
        var pending = roots
        while let value = pending.popLast() {
            switch value {
            case let .url(_, base?):
                pending.append(base)
            case let .reference(node):
                guard seen.insert(ObjectIdentifier(node)).inserted else {
                    shared.insert(ObjectIdentifier(node))
                    continue
                }
                pending.append(contentsOf: node.content.children)
            default:
                break
            }
        }
        return shared
    }
}
