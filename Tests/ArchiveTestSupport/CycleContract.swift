import CodingCore
import Foundation

/// One rule of CodingCore's cycle contract (`DecodingCycles.md`) that every reference-keeping
/// kit must keep: depth limits, memory, and the errors a cycle gives without the contract.
///
/// `run` returns what did not hold, one line each (empty when everything held), so each kit's
/// test states `#expect(problems == [])`, as with ``CycleScenario``.
public struct CycleContract: Sendable, CustomStringConvertible {
    public let description: String
    public let run: @Sendable (any CycleContractCoder) throws -> [String]

    /// Every rule.
    public static let all: [CycleContract] = [
        referenceIsWrittenPlainly, referencesInDictionaries, deepChain, deepChainAtDefaultLimit, cyclesAreFreed,
        noOptIn, wrongType, neverFinished,
    ]

    public static let referenceIsWrittenPlainly = CycleContract(
        "@Reference writes the same archive as a plain optional property, an empty one included"
    ) { coder in
        let registry = ClassNameRegistry()
        registry.register(CycleWrappedHolder.self, as: "Holder")
        registry.register(CyclePlainHolder.self, as: "Holder")
        let target = CycleFriend(name: "target")
        let wrapped = [
            CycleWrappedHolder(target: target), CycleWrappedHolder(target: target), CycleWrappedHolder(target: nil),
        ]
        let plain = [CyclePlainHolder(target: target), CyclePlainHolder(target: target), CyclePlainHolder(target: nil)]
        let limit = ArchiveLimits.defaultMaximumDepth
        let same =
            try coder.encode(wrapped, registry: registry, maximumDepth: limit)
            == coder.encode(plain, registry: registry, maximumDepth: limit)
        return failures([(same, "the archives differ")])
    }

    public static let referencesInDictionaries = CycleContract(
        "a dictionary of references keeps its empty entries, as a dictionary of optionals keeps nil"
    ) { coder in
        let limit = ArchiveLimits.defaultMaximumDepth
        let same =
            try coder.encode(["empty": Reference<CycleFriend>()], maximumDepth: limit)
            == coder.encode(["empty": CycleFriend?.none], maximumDepth: limit)
        let copy = try coder.roundTrip(CycleReferenceDirectory(friend: CycleFriend(name: "friend")))
        let friend = copy.friends.first
        return failures([
            (same, "an empty reference in a dictionary is not written as a nil optional"),
            (copy.references.keys.sorted() == ["empty", "full"], "references: \(copy.references.keys.sorted())"),
            (
                copy.strongReferences.keys.sorted() == ["empty", "full"],
                "strong references: \(copy.strongReferences.keys.sorted())"
            ),
            (copy.optionals.keys.sorted() == ["empty", "full"], "optionals: \(copy.optionals.keys.sorted())"),
            (copy.references["empty"]?.wrappedValue == nil, "the empty reference is filled"),
            (copy.references["full"]?.wrappedValue === friend, "the full reference is not the decoded friend"),
            (copy.strongReferences["full"]?.wrappedValue === friend, "the full strong reference is not the friend"),
            ((copy.optionals["full"] ?? nil) === friend, "the full optional is not the decoded friend"),
        ])
    }

    public static let deepChain = CycleContract(
        "a deep chain round-trips with maximumDepth raised past the default 512"
    ) { coder in
        let length = coder.deepChainLength
        let (count, backPointersHold) = try LargeStack.run {
            let top = CycleNode.chain(depth: length)
            let data = try coder.encode(top, maximumDepth: 50_000)
            CycleNode.dismantle(top)
            let copy = try coder.decode(CycleNode.self, from: data, registry: .shared, maximumDepth: 50_000)
            defer { CycleNode.dismantle(copy) }
            return (copy.treeCount, copy.backPointersHold)
        }
        return failures([
            (count == length, "the chain has \(count) nodes, not \(length)"),
            (backPointersHold, "a node does not point back at its parent"),
        ])
    }

    public static let deepChainAtDefaultLimit = CycleContract(
        "the default depth limit stops a deep chain with an error naming the limit, not a crash"
    ) { coder in
        let length = coder.deepChainLength
        let data = try LargeStack.run {
            let top = CycleNode.chain(depth: length)
            defer { CycleNode.dismantle(top) }
            return try coder.encode(top, maximumDepth: 50_000)
        }
        let error = try LargeStack.run { () -> String? in
            do {
                let copy = try coder.decode(CycleNode.self, from: data)
                CycleNode.dismantle(copy)
                return nil
            } catch {
                return "\(error)"
            }
        }
        guard let error else { return ["a \(length)-deep chain decoded within the default limit"] }
        return failures([(error.contains("512"), "the error does not name the limit of 512: \(error.prefix(300))")])
    }

    public static let cyclesAreFreed = CycleContract(
        "a decoded cycle with @Reference back-pointers is freed with its last outside reference"
    ) { coder in
        let graph = ReferenceTreeNode(children: [
            ReferenceTreeNode(), ReferenceTreeNode(children: [ReferenceTreeNode()]),
        ])
        let data = try coder.encode(graph, maximumDepth: ArchiveLimits.defaultMaximumDepth)
        // Weak references watch this decode's own nodes, so tests running at the same time
        // cannot move the count.
        var watched: [() -> ReferenceTreeNode?] = []
        var pointsBack = false
        do {
            let copy = try coder.decode(ReferenceTreeNode.self, from: data)
            pointsBack = copy.children[1].children[0].parent === copy.children[1]
            watched = copy.allNodes.map { node in { [weak node] in node } }
        }
        let alive = watched.filter { $0() != nil }.count
        return failures([
            (pointsBack, "the grandchild does not point back at its parent"),
            (watched.count == 4, "the copy has \(watched.count) nodes, not 4"),
            (alive == 0, "\(alive) of the 4 decoded nodes are still alive"),
        ])
    }

    public static let noOptIn = CycleContract(
        "a model without @Reference gets the back-reference error with the back-pointer's coding path"
    ) { coder in
        let data = try coder.encode(CyclePlainNode.pair(), maximumDepth: ArchiveLimits.defaultMaximumDepth)
        return corruptionProblems(
            thrownError { _ = try coder.decode(CyclePlainNode.self, from: data) },
            path: ["children", "Index 0", "parent"]
        ) { $0.hasPrefix("back-reference to CyclePlainNode at ") }
    }

    public static let wrongType = CycleContract(
        "a back-pointer to an object of the wrong type is a type mismatch naming its coding path"
    ) { coder in
        let data = try coder.encode(
            CycleNode(name: "root", children: [CycleNode(name: "child")]),
            maximumDepth: ArchiveLimits.defaultMaximumDepth)
        let registry = ClassNameRegistry()
        registry.register(CycleMismatchNode.self, as: "CycleNode")
        let error = thrownError {
            _ = try coder.decode(
                CycleMismatchNode.self, from: data, registry: registry, maximumDepth: ArchiveLimits.defaultMaximumDepth)
        }
        guard case .typeMismatch(_, let context)? = error as? DecodingError else {
            return ["expected typeMismatch, got \(describe(error))"]
        }
        return failures([(path(context) == ["children", "Index 0", "parent"], "the coding path is \(path(context))")])
    }

    public static let neverFinished = CycleContract(
        "a back-pointer to an object that never finished decoding is an error naming its coding path"
    ) { coder in
        let data = try coder.encode(
            CycleForgiving(node: CycleFailing(child: CycleLeaf())), maximumDepth: ArchiveLimits.defaultMaximumDepth)
        return corruptionProblems(
            thrownError { _ = try coder.decode(CycleForgiving.self, from: data) }, path: ["node", "child", "owner"]
        ) { $0.contains("never finished decoding") }
    }

    init(_ description: String, _ run: @escaping @Sendable (any CycleContractCoder) throws -> [String]) {
        self.description = description
        self.run = run
    }

    private static func failures(_ conditions: [(Bool, String)]) -> [String] {
        conditions.filter { !$0.0 }.map(\.1)
    }

    /// The error `body` throws, or `nil`.
    private static func thrownError(_ body: () throws -> Void) -> (any Error)? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    /// What does not hold of `error` as a `dataCorrupted` error whose message passes `message`
    /// and whose coding path is `expected`.
    private static func corruptionProblems(
        _ error: (any Error)?, path expected: [String], message: (String) -> Bool
    ) -> [String] {
        guard case .dataCorrupted(let context)? = error as? DecodingError else {
            return ["expected dataCorrupted, got \(describe(error))"]
        }
        return failures([
            (message(context.debugDescription), "the message is '\(context.debugDescription)'"),
            (path(context) == expected, "the coding path is \(path(context))"),
        ])
    }

    private static func describe(_ error: (any Error)?) -> String {
        error.map { "\($0)" } ?? "no error"
    }

    private static func path(_ context: DecodingError.Context) -> [String] {
        context.codingPath.map(\.stringValue)
    }
}
