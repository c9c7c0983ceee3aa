import CodingCore
import Foundation

/// A reference-keeping format under test: encodes a value and decodes it again.
public protocol CycleRoundTripper: Sendable {
    func roundTrip<T: Codable>(_ value: T) throws -> T
}

/// One cyclic graph every reference-keeping kit must round-trip with its back-pointers intact.
///
/// `run` builds the graph, round-trips it through the kit and returns what did not hold, one
/// line each (empty when everything held), so each kit's test states `#expect(problems == [])`.
public struct CycleScenario: Sendable, CustomStringConvertible {
    public let description: String
    public let run: @Sendable (any CycleRoundTripper) throws -> [String]

    /// Every scenario of the cycle contract: trees, shared and mutual references, subclasses, wide graphs.
    public static let all: [CycleScenario] = [
        tree, mutualFriends, listItems, hub, subclass, strongReference, twoPhase, wideGraph, laterAliases,
    ]

    public static let tree = CycleScenario("a parent/child tree keeps its back-pointers") { coder in
        let root = CycleNode(
            name: "root",
            children: [
                CycleNode(name: "a", children: [CycleNode(name: "a1"), CycleNode(name: "a2")]),
                CycleNode(name: "b"),
            ])
        let copy = try coder.roundTrip(root)
        return failures([
            (copy.treeCount == 5, "the tree has \(copy.treeCount) nodes, not 5"),
            (copy.backPointersHold, "a child does not point back at its parent"),
            (copy.children.first?.parent === copy, "the first child's parent is not the root"),
        ])
    }

    public static let mutualFriends = CycleScenario("mutual friends: each points at the other") { coder in
        let ann = CycleFriend(name: "Ann")
        let bob = CycleFriend(name: "Bob")
        ann.friend = bob
        bob.admirer = ann
        ann.admirer = bob
        let copy = try coder.roundTrip(ann)
        return failures([
            (copy.friend?.name == "Bob", "Ann's friend is \(copy.friend?.name ?? "missing")"),
            (copy.friend?.admirer === copy, "Bob's admirer is not Ann"),
            (copy.admirer != nil && copy.admirer === copy.friend, "Ann's admirer is not Bob"),
        ])
    }

    public static let listItems = CycleScenario("a list whose items point back at it") { coder in
        let copy = try coder.roundTrip(CycleTodoList(title: "errands", items: ["milk", "bread", "stamps"]))
        return failures([
            (copy.items.map(\.text) == ["milk", "bread", "stamps"], "items \(copy.items.map(\.text))"),
            (copy.items.allSatisfy { $0.list === copy }, "an item does not point back at its list"),
        ])
    }

    public static let hub = CycleScenario(
        "a self-reference, a cycle through an array and through dictionary values"
    ) { coder in
        let hub = CycleHub(name: "hub")
        hub.this = hub
        hub.spokes = [CycleSpoke(name: "north"), CycleSpoke(name: "south")]
        hub.spokesByName = ["east": CycleSpoke(name: "east"), "north": hub.spokes[0]]
        for spoke in hub.spokes + hub.spokesByName.values { spoke.hub = hub }
        let copy = try coder.roundTrip(hub)
        return failures([
            (copy.this === copy, "the self-reference is not the hub"),
            (copy.spokes.allSatisfy { $0.hub === copy }, "a spoke in the array does not point back"),
            (copy.spokesByName.values.allSatisfy { $0.hub === copy }, "a spoke in the dictionary does not point back"),
            (copy.spokesByName["north"] === copy.spokes.first, "the shared spoke is not shared"),
            (copy.spokesByName["east"]?.name == "east", "the dictionary lost a spoke"),
        ])
    }

    public static let subclass = CycleScenario("a subclass keeps its superclass's back-pointer") { coder in
        let group = CycleGroup(shapes: [CycleCircle(name: "wheel", radius: 2), CycleShape(name: "blob")])
        let copy = try coder.roundTrip(group)
        let circle = copy.shapes.first as? CycleCircle
        return failures([
            (circle?.radius == 2, "the first shape is not the circle"),
            (circle?.group === copy, "the circle does not point back at its group"),
            (copy.shapes.last?.group === copy, "the plain shape does not point back at its group"),
            (!(copy.shapes.last is CycleCircle), "the plain shape came back as a circle"),
        ])
    }

    public static let strongReference = CycleScenario(
        "@StrongReference fills its back-pointer and keeps the target alive"
    ) { coder in
        let item: CycleOwnedItem?
        var problems: [String] = []
        do {
            let copy = try coder.roundTrip(CycleOwner(name: "owner", items: 2))
            problems += failures([(copy.items.allSatisfy { $0.owner === copy }, "an item does not point back")])
            item = copy.items.first
        }
        let owner = item?.owner
        problems += failures([(owner?.name == "owner", "the owner was not kept alive by its items")])
        owner?.items = []  // breaks the strong cycle
        return problems
    }

    public static let twoPhase = CycleScenario("TwoPhaseDecodable: created, registered, then filled") { coder in
        let copy = try coder.roundTrip(TwoPhaseFolder(name: "docs", files: ["a.txt", "b.txt"]))
        return failures([
            (copy.name == "docs", "the folder's name is \(copy.name)"),
            (copy.files.map(\.name) == ["a.txt", "b.txt"], "files \(copy.files.map(\.name))"),
            (copy.files.allSatisfy { $0.folder === copy }, "a file does not point back at its folder"),
        ])
    }

    public static let wideGraph = CycleScenario("10,000 children pointing back at one parent") { coder in
        let root = CycleNode(name: "root", children: (0..<10_000).map { CycleNode(name: String($0)) })
        let copy = try coder.roundTrip(root)
        return failures([
            (copy.treeCount == 10_001, "the tree has \(copy.treeCount) nodes"),
            (copy.backPointersHold, "a child does not point back at the root"),
        ])
    }

    public static let laterAliases = CycleScenario(
        "an awake hook's replacement is what later references receive"
    ) { coder in
        let hot = CycleTemperature(celsius: 212, unit: "F")
        let decoded = try coder.roundTrip([hot, hot])
        return failures([
            (decoded.count == 2 && decoded[0] === decoded[1], "the two references are not one object"),
            (decoded.first?.unit == "C" && decoded.first?.celsius == 100, "the reading was not replaced"),
        ])
    }

    init(_ description: String, _ run: @escaping @Sendable (any CycleRoundTripper) throws -> [String]) {
        self.description = description
        self.run = run
    }

    private static func failures(_ conditions: [(Bool, String)]) -> [String] {
        conditions.filter { !$0.0 }.map(\.1)
    }
}
