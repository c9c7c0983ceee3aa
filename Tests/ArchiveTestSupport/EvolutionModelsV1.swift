import CodingCore
import Foundation

// "Version 1" of the models the evolution contract saves: what an app wrote before it changed.
// Version 2 (EvolutionModelsV2.swift) adds, removes and renames properties and classes.

/// A note as version 1 saved it.
public struct EvolutionNoteV1: Codable, Sendable {
    public var title: String
    public var body: String

    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }
}

/// A property version 2 no longer has: a nested value with an array and a dictionary.
public struct EvolutionObsoleteV1: Codable, Sendable {
    public var tags = ["old", "older"]
    public var scores = ["a": 1.5]
    public var nested = [[1, 2], [3]]

    public init() {}
}

/// The owner class as version 1 named it (archives record "EvolutionOwner").
public final class EvolutionOwnerV1: Codable {
    public var name: String

    public init(name: String) {
        self.name = name
    }
}

/// A team member as version 1 saved it.
public final class EvolutionMemberV1: Codable {
    public var name: String

    public init(name: String) {
        self.name = name
    }
}

/// The document version 1 saved: every kind of change version 2 makes has something here.
public struct EvolutionDocumentV1: Codable {
    public var name = "Groceries"
    public var label = "weekly"
    public var legacyCount = 41
    public var obsolete = EvolutionObsoleteV1()
    public var notes = [EvolutionNoteV1(title: "milk", body: "2 l"), EvolutionNoteV1(title: "eggs", body: "12")]
    public var notesByTag = ["dairy": EvolutionNoteV1(title: "butter", body: "salted")]
    public var owner = EvolutionOwnerV1(name: "Ada")
    public var members = [EvolutionMemberV1(name: "Ann"), EvolutionMemberV1(name: "Bob")]
    @StrongReference public var lead: EvolutionMemberV1?

    public init() {
        lead = members[0]
    }
}

/// Version 1 of a tree: nodes with children only.
public struct EvolutionTreeV1: Codable, Sendable {
    public var children: [EvolutionTreeV1]

    public init(children: [EvolutionTreeV1] = []) {
        self.children = children
    }

    /// A chain of `depth` nodes, each the only child of the one before.
    public static func chain(depth: Int) -> EvolutionTreeV1 {
        var node = EvolutionTreeV1()
        for _ in 1..<max(1, depth) { node = EvolutionTreeV1(children: [node]) }
        return node
    }
}

/// A record with only a name: what the hostile rules save before defaults are needed.
public struct EvolutionNamedV1: Codable, Sendable {
    public var name: String

    public init(name: String) {
        self.name = name
    }
}

/// Version 1 with `fontSize` saved as text: a present key of the wrong type.
public struct EvolutionWrongTypeV1: Codable, Sendable {
    public var name = "Groceries"
    public var fontSize = "large"

    public init() {}
}
