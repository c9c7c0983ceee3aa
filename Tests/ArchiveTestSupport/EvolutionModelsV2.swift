import CodingCore
import Foundation

// "Version 2" of the evolution contract's models: properties added (with defaults), removed and
// renamed, a nested type added, a class renamed.

/// A reminder class attached to each note: a class-typed default, new for every missing key.
public final class EvolutionReminder: Evolvable {
    public var minutes = 15

    public init() {}
}

/// A note in version 2: three properties more than version 1 saved.
public struct EvolutionNoteV2: Evolvable {
    public var title = ""
    public var body = ""
    public var pinned = false
    public var tags = ["inbox"]
    public var reminder = EvolutionReminder()

    public init() {}
}

/// A nested type version 2 adds.
public struct EvolutionLayout: Evolvable, Equatable {
    public var columns = 3
    public var ratio = 1.5

    public init() {}
}

/// The owner class after its rename (archives record "EvolutionOwner2"; version 1's
/// "EvolutionOwner" is a legacy name), with a property more.
public final class EvolutionOwnerV2: Evolvable {
    public var name = ""
    public var email = "nobody@example.com"

    public init() {}
}

/// A team member in version 2, with a role more.
public final class EvolutionMemberV2: Evolvable {
    public var name = ""
    public var role = "member"

    public init() {}
}

/// The document in version 2.
public struct EvolutionDocumentV2: Evolvable {
    public var name = ""
    /// Renamed from `label`.
    public var caption = ""
    /// Added: a non-optional with a default.
    public var fontSize = 12
    /// Added: an optional whose default is not `nil`; a missing key stays `nil`.
    public var subtitle: String? = "Untitled"
    /// Added: a nested type.
    public var layout = EvolutionLayout()
    /// Added: a date.
    public var created = Date(timeIntervalSinceReferenceDate: 86_400.5)
    public var notes: [EvolutionNoteV2] = []
    public var notesByTag: [String: EvolutionNoteV2] = [:]
    public var owner = EvolutionOwnerV2()
    public var members: [EvolutionMemberV2] = []
    @StrongReference public var lead: EvolutionMemberV2?

    public static let formerKeys = ["caption": ["label"]]

    public init() {}
}

/// Version 2 reduced to one property: everything else version 1 saved was removed.
public struct EvolutionTrimmedV2: Evolvable {
    public var name = ""

    public init() {}
}

/// Version 2 without the evolution contract: a missing key stays an error.
public struct EvolutionStrictV2: Codable {
    public var name: String
    public var fontSize: Int
}

/// What a version 2 file holds, read back without defaults or former keys: `label` must not be
/// written, `caption` must.
public struct EvolutionWrittenKeys: Codable {
    public var label: String?
    public var caption: String?
}

/// Version 2 of the tree: each node gains a label.
public struct EvolutionTreeV2: Evolvable {
    public var label = "leaf"
    public var children: [EvolutionTreeV2] = []

    public init() {}

    /// The nodes of the tree, this one included; every label must be the default.
    public var nodeCount: Int { 1 + children.reduce(0) { $0 + $1.nodeCount } }
    public var allLabelsAreDefault: Bool { label == "leaf" && children.allSatisfy(\.allLabelsAreDefault) }
}

/// A tree node whose default is tall: near the depth limit, defaulting it must stop with an error.
public struct EvolutionTallTreeV2: Evolvable {
    public var children: [EvolutionTallTreeV2] = []
    public var tall = EvolutionTallBox.chain(height: 120)

    public init() {}
}

/// A box nesting boxes: a default of a chosen height.
public struct EvolutionTallBox: Codable, Sendable {
    public var inner: [EvolutionTallBox] = []

    public static func chain(height: Int) -> EvolutionTallBox {
        var box = EvolutionTallBox()
        for _ in 1..<max(1, height) { box = EvolutionTallBox(inner: [box]) }
        return box
    }
}

/// A record whose default is heavy: decoding many records that lack it must stay within the
/// decoder's expansion budget.
public struct EvolutionHeavyV2: Evolvable {
    public var name = ""
    public var table = [Int](repeating: 1, count: 50_000)

    public init() {}
}

/// A chain of objects that loops back: defaults that cannot be encoded.
public final class EvolutionLoop: Codable {
    public var next: EvolutionLoop?

    public init() {}
}

/// A record whose defaults hold a cycle.
public struct EvolutionCyclicV2: Evolvable {
    public var name = ""
    public var loop: EvolutionLoop

    public init() {
        loop = EvolutionLoop()
        loop.next = EvolutionLoop()
        loop.next?.next = loop
    }
}

/// A record whose version 2 reads `fontSize` as a number.
public struct EvolutionFontSizeV2: Evolvable {
    public var name = ""
    public var fontSize = 12

    public init() {}
}

/// Registers the classes of both versions: members under one name, and the renamed owner class,
/// which version 1 archives record as "EvolutionOwner" and version 2 writes as "EvolutionOwner2",
/// reading the old name as a legacy one.
public enum EvolutionModels {
    public static func register(in registry: ClassNameRegistry = .shared) {
        registry.register(EvolutionMemberV1.self, as: "EvolutionMember")
        registry.register(EvolutionMemberV2.self, as: "EvolutionMember")
        registry.register(EvolutionOwnerV1.self, as: "EvolutionOwner")
        registry.register(EvolutionOwnerV2.self, as: "EvolutionOwner2", legacyNames: ["EvolutionOwner"])
    }
}
