import ArchiveTestSupport
import Foundation
import HRCoderKit
import Testing

@Suite("Writing an object graph back to a document (HRObjectGraph.archiveTree)")
struct ObjectGraphWriterTests {
    /// Two people sharing one address; the first person's friend is the second (a forward reference).
    static let sharedGraph = HRObjectGraph(
        root: 0,
        nodes: [
            .array([1, 5]),
            .object(className: "Person", properties: ["name": 2, "address": 3, "bestFriend": 5]),
            .scalar(.string("Ada")),
            .object(className: "Address", properties: ["city": 4]),
            .scalar(.string("London")),
            .object(className: "Person", properties: ["name": 6, "address": 3]),
            .scalar(.string("Bob")),
        ])

    @Test("a shared object is written once and aliased by the key path of its first occurrence")
    func sharedObjects() throws {
        let tree = try Self.sharedGraph.archiveTree()
        guard case let .array(people) = tree, people.count == 2 else {
            Issue.record("not an array of two: \(tree)")
            return
        }
        // Keys are visited sorted: "address" before "bestFriend", so Bob is written inside Ada.
        #expect(people[0].className == "Person")
        guard case let .dictionary(ada) = people[0], case let .dictionary(bob)? = ada["bestFriend"] else {
            Issue.record("Ada or her friend missing: \(people[0])")
            return
        }
        #expect(bob["address"]?.aliasTarget == "0.address")
        #expect(people[1].aliasTarget == "0.bestFriend")
    }

    @Test("reading the written document gives back the same graph, sharing included, in all three formats")
    func roundTrip() throws {
        let expected = typedValue(of: Self.sharedGraph)
        for format in HROutputFormat.allCases {
            let coder = HRCoder(outputFormat: format)
            let graph = try coder.objectGraph(from: try coder.data(with: Self.sharedGraph))
            let mismatches = typedValue(of: graph).mismatches(against: expected)
            #expect(mismatches.isEmpty, "\(format): \(mismatches.joined(separator: "\n"))")
        }
    }

    @Test("cycles point back to their ancestor, $root for the root")
    func cycles() throws {
        let graph = HRObjectGraph(
            root: 0,
            nodes: [
                .object(className: "TreeNode", properties: ["name": 1, "children": 2]),
                .scalar(.string("root")),
                .array([3]),
                .object(className: "TreeNode", properties: ["name": 4, "parent": 0, "children": 5]),
                .scalar(.string("a")),
                .array([]),
            ])
        let tree = try graph.archiveTree()
        guard case let .dictionary(root) = tree, case let .array(children)? = root["children"],
            case let .dictionary(child)? = children.first
        else {
            Issue.record("unexpected shape: \(tree)")
            return
        }
        #expect(child["parent"]?.aliasTarget == "$root")
        let reread = try HRCoder().objectGraph(fromTree: tree)
        #expect(typedValue(of: reread).mismatches(against: typedValue(of: graph)).isEmpty)
    }

    @Test("scalars are values: a number node used twice is written twice, not aliased")
    func scalarsAreWrittenInFull() throws {
        let graph = HRObjectGraph(root: 0, nodes: [.array([1, 1]), .scalar(.integer(7))])
        #expect(try graph.archiveTree() == .array([.integer(7), .integer(7)]))
    }

    @Test(
        "the vectors' untyped graphs survive writing and reading again",
        .enabled(if: SharedVectors.isAvailable, Comment(rawValue: SharedVectors.unavailableReason)),
        arguments: SharedVectors.cases(.hrCoder))
    func vectors(_ vector: VectorCase) throws {
        let graph = try HRCoder.object(with: try vector.archive())
        let written = try HRCoder(outputFormat: .json).data(with: graph)
        let mismatches = typedValue(of: try HRCoder.object(with: written)).mismatches(against: typedValue(of: graph))
        #expect(mismatches.isEmpty, "\(vector.name): \(mismatches.joined(separator: "\n"))")
    }

    @Test("graphs the format cannot spell are refused with an EncodingError naming the place")
    func refusals() throws {
        let cases: [(HRObjectGraph, String)] = [
            (HRObjectGraph(root: 0, nodes: [.array([4])]), "node number 4"),
            (HRObjectGraph(root: 0, nodes: [.dictionary(["$alias": 1]), .scalar(.string("x"))]), "reserves"),
            (
                HRObjectGraph(root: 0, nodes: [.object(className: "A", properties: ["$class": 1]), .scalar(.null)]),
                "reserves"
            ),
            (HRObjectGraph(root: 0, nodes: [.dictionary(["a.b": 1, "c": 1]), .array([])]), "contains '.'"),
            (HRObjectGraph(root: 0, nodes: [.scalar(.array([]))]), "scalar node"),
        ]
        for (graph, phrase) in cases {
            let error = try #require(throws: EncodingError.self) { try graph.archiveTree() }
            guard case let .invalidValue(_, context) = error else { continue }
            #expect(context.debugDescription.contains(phrase), "\(context.debugDescription)")
        }
    }

    @Test("nesting deeper than the limit is refused, not written until the stack runs out")
    func depthLimit() throws {
        let depth = 2_000
        let nodes = (0..<depth).map { HRObjectGraph.Node.array($0 + 1 < depth ? [$0 + 1] : []) }
        let graph = HRObjectGraph(root: 0, nodes: nodes)
        #expect(throws: EncodingError.self) { try graph.archiveTree() }
        #expect(throws: Never.self) { try graph.archiveTree(maximumDepth: depth + 1) }
    }
}
