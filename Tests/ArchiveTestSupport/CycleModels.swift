import CodingCore
import Foundation

// Class models with back-pointers, shared by the cycle tests of every reference-keeping kit.
// Each uses synthesized Codable plus one `@Reference` per back-pointer, as a user would write.

/// A tree node whose children point back at it (the vectors' `TreeNode`: name, parent, children).
public final class CycleNode: Codable {
    public var name: String
    @Reference public var parent: CycleNode?
    public var children: [CycleNode]

    public init(name: String, children: [CycleNode] = []) {
        self.name = name
        self.children = children
        for child in children { child.parent = self }
    }
}

/// A person whose best friend may be anyone, themself included (the vectors' `Person` keys).
public final class CyclePerson: Codable {
    public var name: String
    public var age: Int
    public var height: Double
    public var active: Bool
    public var email: String?
    public var nickname: String?
    public var birthday: Date?
    public var tags: [String]
    public var address: CycleAddress?
    @Reference public var bestFriend: CyclePerson?

    public init(name: String, age: Int) {
        self.name = name
        self.age = age
        height = 1.8
        active = true
        tags = []
    }
}

/// The vectors' `Address`.
public final class CycleAddress: Codable {
    public var street: String
    public var city: String
    public var zip: String
    public var country: String?
}

/// Two of these can be each other's friend: a strong `friend` one way, the weak back-pointer
/// `admirer` the other way.
public final class CycleFriend: Codable {
    public var name: String
    public var friend: CycleFriend?
    @Reference public var admirer: CycleFriend?

    public init(name: String) {
        self.name = name
    }
}

/// A list whose items point back at it.
public final class CycleTodoList: Codable {
    public var title: String
    public var items: [CycleTodoItem] = []

    public init(title: String, items: [String]) {
        self.title = title
        self.items = items.map { CycleTodoItem(text: $0) }
        for item in self.items { item.list = self }
    }
}

/// An item of a ``CycleTodoList``.
public final class CycleTodoItem: Codable {
    public var text: String
    @Reference public var list: CycleTodoList?

    public init(text: String) {
        self.text = text
    }
}

/// A hub whose spokes point back at it through an array and through dictionary values.
public final class CycleHub: Codable {
    public var name: String
    public var spokes: [CycleSpoke] = []
    public var spokesByName: [String: CycleSpoke] = [:]
    /// Points at the hub itself.
    @Reference public var this: CycleHub?

    public init(name: String) {
        self.name = name
    }
}

/// A spoke of a ``CycleHub``.
public final class CycleSpoke: Codable {
    public var name: String
    @Reference public var hub: CycleHub?

    public init(name: String) {
        self.name = name
    }
}

/// A base class with a back-pointer, subclassed below.
public class CycleShape: Codable {
    public var name: String
    @Reference public var group: CycleGroup?

    public init(name: String) {
        self.name = name
    }
}

/// A subclass that adds keys (own keys first, then the superclass's) and keeps the back-pointer.
public final class CycleCircle: CycleShape {
    public var radius: Double

    private enum CodingKeys: String, CodingKey {
        case radius
    }

    public init(name: String, radius: Double) {
        self.radius = radius
        super.init(name: name)
    }

    public required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        radius = try container.decode(Double.self, forKey: .radius)
        try super.init(from: decoder)
    }

    public override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(radius, forKey: .radius)
        try super.encode(to: encoder)
    }
}

/// Owns shapes, which point back at it.
public final class CycleGroup: Codable {
    public var shapes: [CycleShape] = []

    public init(shapes: [CycleShape]) {
        self.shapes = shapes
        for shape in shapes { shape.group = self }
    }
}

/// The original's `object_awake_replacement` model: a Fahrenheit reading replaces itself with
/// a new Celsius instance after decoding, as its `-awakeAfterFastCoding` did.
public final class CycleTemperature: Codable, AwakeAfterDecoding {
    public var celsius: Double
    public var unit: String

    public init(celsius: Double, unit: String) {
        self.celsius = celsius
        self.unit = unit
    }

    public func awakeAfterDecoding() throws -> AnyObject {
        guard unit == "F" else { return self }
        return CycleTemperature(celsius: (celsius - 32) * 5 / 9, unit: "C")
    }
}

/// Decoded in two phases by hand (`TwoPhaseDecodable`): its files point back with a plain,
/// strong-looking `weak var` that a synthesized `init(from:)` could not fill.
public final class TwoPhaseFolder: TwoPhaseDecodable, Encodable {
    public var name = ""
    public var files: [TwoPhaseFile] = []

    private enum CodingKeys: String, CodingKey {
        case name, files
    }

    public init() {}

    public init(name: String, files: [String]) {
        self.name = name
        self.files = files.map { TwoPhaseFile(name: $0) }
        for file in self.files { file.folder = self }
    }

    public convenience init(from decoder: any Decoder) throws {
        self.init()
        try decodeProperties(from: decoder)
    }

    public func decodeProperties(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        files = try container.decode([TwoPhaseFile].self, forKey: .files)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(files, forKey: .files)
    }
}

/// A file of a ``TwoPhaseFolder``: its back-pointer is a plain optional property.
public final class TwoPhaseFile: Codable {
    public var name: String
    public weak var folder: TwoPhaseFolder?

    private enum CodingKeys: String, CodingKey {
        case name, folder
    }

    public init(name: String) {
        self.name = name
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        folder = try container.decodeIfPresent(TwoPhaseFolder.self, forKey: .folder)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(folder, forKey: .folder)
    }
}

/// Owns items that keep it alive through a strong back-pointer.
public final class CycleOwner: Codable {
    public var name: String
    public var items: [CycleOwnedItem] = []

    public init(name: String, items: Int) {
        self.name = name
        self.items = (0..<items).map { _ in CycleOwnedItem() }
        for item in self.items { item.owner = self }
    }
}

/// An item of a ``CycleOwner``, pointing back with `@StrongReference`.
public final class CycleOwnedItem: Codable {
    @StrongReference public var owner: CycleOwner?

    public init() {}
}

/// A node whose back-pointer expects a type the archive does not hold there (error tests).
public final class CycleMismatchNode: Codable {
    public var name: String
    @Reference public var parent: CycleFriend?
    public var children: [CycleMismatchNode]
}

/// Swallows its node's failure (`try?`), leaving a back-pointer into that node unresolved.
public final class CycleForgiving: Codable {
    public var node: CycleFailing?

    private enum CodingKeys: String, CodingKey {
        case node
    }

    public init(node: CycleFailing) {
        self.node = node
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        node = try? container.decode(CycleFailing.self, forKey: .node)
    }
}

/// Fails after its child has registered a back-pointer to it.
public final class CycleFailing: Codable {
    public var child: CycleLeaf

    private enum CodingKeys: String, CodingKey {
        case child
    }

    public init(child: CycleLeaf) {
        self.child = child
        child.owner = self
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        child = try container.decode(CycleLeaf.self, forKey: .child)
        throw DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "refused"))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(child, forKey: .child)
    }
}

/// The child of a ``CycleFailing``, pointing back at it.
public final class CycleLeaf: Codable {
    @Reference public var owner: CycleFailing?

    public init() {}
}

/// Holds its target through `@Reference`; written like ``CyclePlainHolder``.
public final class CycleWrappedHolder: Encodable {
    public var name = "holder"
    @Reference public var target: CycleFriend?

    public init(target: CycleFriend?) {
        self.target = target
    }
}

/// Holds its target through a plain optional property.
public final class CyclePlainHolder: Encodable {
    public var name = "holder"
    public var target: CycleFriend?

    public init(target: CycleFriend?) {
        self.target = target
    }
}

/// Keeps its friends in an array and refers to them again from dictionaries of references and
/// of optionals, where an empty entry is an entry (as a nil value is), not a key left out.
public struct CycleReferenceDirectory: Codable {
    public var friends: [CycleFriend]
    public var references: [String: Reference<CycleFriend>]
    public var strongReferences: [String: StrongReference<CycleFriend>]
    public var optionals: [String: CycleFriend?]

    public init(friend: CycleFriend) {
        friends = [friend]
        references = ["empty": Reference(), "full": Reference(wrappedValue: friend)]
        strongReferences = ["empty": StrongReference(), "full": StrongReference(wrappedValue: friend)]
        optionals = ["empty": nil, "full": friend]
    }
}

extension CycleNode {
    /// A chain `depth` nodes deep, each the only child of the one before; returns the top.
    public static func chain(depth: Int) -> CycleNode {
        let top = CycleNode(name: "0")
        var last = top
        for index in 1..<max(depth, 1) {
            let next = CycleNode(name: String(index))
            last.children = [next]
            next.parent = last
            last = next
        }
        return top
    }

    /// Takes the tree below `top` apart level by level, so that freeing a very deep tree does
    /// not recurse once per level.
    public static func dismantle(_ top: CycleNode) {
        var stack = [top]
        while let node = stack.popLast() {
            stack.append(contentsOf: node.children)
            node.children = []
        }
    }

    /// The number of nodes in the tree below and including this one (iteratively).
    public var treeCount: Int {
        var count = 0
        var stack = [self]
        while let node = stack.popLast() {
            count += 1
            stack.append(contentsOf: node.children)
        }
        return count
    }

    /// Whether every child below this node points back at its parent (iteratively).
    public var backPointersHold: Bool {
        var stack = [self]
        while let node = stack.popLast() {
            for child in node.children {
                guard child.parent === node else { return false }
                stack.append(child)
            }
        }
        return true
    }
}

/// A node with a plain `weak` back-pointer (no `@Reference`): decoding its cycle is an error.
public final class CyclePlainNode: Codable {
    public var name = "plain"
    public var children: [CyclePlainNode] = []
    public weak var parent: CyclePlainNode?

    /// A root with one child that points back at it.
    public static func pair() -> CyclePlainNode {
        let root = CyclePlainNode()
        let child = CyclePlainNode()
        child.parent = root
        root.children = [child]
        return root
    }
}

/// A tree whose back-pointers are `@Reference`, to show that decoded cycles are freed.
public final class ReferenceTreeNode: Codable {
    public var children: [ReferenceTreeNode] = []
    @Reference public var parent: ReferenceTreeNode?

    public init(children: [ReferenceTreeNode] = []) {
        self.children = children
        for child in children { child.parent = self }
    }

    /// This node and every node below it, depth first.
    public var allNodes: [ReferenceTreeNode] {
        [self] + children.flatMap(\.allNodes)
    }
}
