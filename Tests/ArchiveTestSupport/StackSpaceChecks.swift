import CodingCore
import Foundation

/// Values nested deeper than a thread's stack can hold: every kit's encoder and readers stop
/// with an error that says so, on threads with small stacks (musl's 128 KiB, Apple platforms'
/// 512 KiB), and never overflow the stack; the same value encodes, and its bytes decode, on a
/// large stack.
public enum StackSpaceChecks {
    /// A linked list, one level of nesting per node.
    public final class Node: Codable, @unchecked Sendable {
        public var child: Node?

        public init(child: Node?) {
            self.child = child
        }

        /// A list `length` nodes long.
        public static func chain(_ length: Int) -> Node {
            var node = Node(child: nil)
            for _ in 1..<length { node = Node(child: node) }
            return node
        }

        /// The number of nodes from this one to the end (iterative: the list may be long).
        public var length: Int {
            var count = 1
            var node = self
            while let next = node.child {
                count += 1
                node = next
            }
            return count
        }
    }

    /// The stack sizes the encoder and readers are run on.
    public static let smallStacks = [128 * 1024, 256 * 1024, 512 * 1024]

    /// What did not hold for `format` (and for `untypedRead`, the kit's reader of any archive
    /// into its own tree, when given), one line each: empty when everything held.
    public static func problems(
        with format: any ArchiveFormat, untypedRead: (@Sendable (Data) throws -> Void)? = nil
    ) throws -> [String] {
        let depth = 500
        let chain = Node.chain(depth)
        let data = try LargeStack.run { try format.encode(chain) }
        var problems: [String] = []
        let decoded = try LargeStack.run { try format.decode(Node.self, from: data).length }
        if decoded != depth { problems.append("\(format.identifier): \(decoded) nodes decoded, not \(depth)") }
        var coders: [(String, @Sendable (Data) throws -> Void)] = [
            ("encode", { _ in _ = try format.encode(chain) }),
            ("decode", { _ = try format.decode(Node.self, from: $0) }),
        ]
        if let untypedRead { coders.append(("untyped read", untypedRead)) }
        for (name, read) in coders {
            for size in smallStacks {
                // The error is made on the small stack, and only its text leaves it.
                let outcome = try LargeStack.run(stackSize: size) { () -> String? in
                    do {
                        try read(data)
                        return nil
                    } catch {
                        return String(describing: error)
                    }
                }
                let place = "\(format.identifier) \(name) on \(size / 1024) KiB"
                guard let outcome else {
                    // A larger small stack may hold the whole list; the smallest never does.
                    if size == smallStacks[0] { problems.append("\(place): no error") }
                    continue
                }
                if !outcome.contains("this thread's stack allows") {
                    problems.append("\(place): another error: \(outcome.prefix(200))")
                }
            }
        }
        return problems
    }
}
