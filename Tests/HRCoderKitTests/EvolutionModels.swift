import Foundation
import HRCoderKit

// Models for HRCoder's own evolution tests: aliases to values with missing keys, former key
// names under aliases, hand-written nested containers and super decoders, two-phase classes.

/// A class whose later version gained `score`: objects written without it, shared by aliases.
final class EvolvingBox: Evolvable {
    var name = ""
    var score = 7
    var labels = ["new"]

    init() {}
}

/// A struct whose later version gained `score`: values written without it, shared by aliases.
struct EvolvingPoint: Evolvable, Equatable {
    var x = 0
    var score = 7
    var labels = ["new"]
}

/// A holder of one box, renamed from `owner` to `boss`, and an alias to it declared before
/// it (so the alias is a forward reference to the former name's object).
struct RenamedBoxFirstAlias: Evolvable {
    var lead: EvolvingBox?
    var boss = EvolvingBox()

    static let formerKeys = ["boss": ["owner"]]
}

/// The same holder with the alias declared after the box.
struct RenamedBoxLaterAlias: Evolvable {
    var boss = EvolvingBox()
    var lead: EvolvingBox?
    /// Renamed from `notes`: an optional under a former name.
    var memo: String?

    static let formerKeys = ["boss": ["owner"], "memo": ["notes"]]
}

/// A record whose default is heavy, for aliases repeating it.
struct HeavyDefaultRecord: Evolvable {
    var name = ""
    var table = [Int](repeating: 1, count: 10_000)
}

/// A class whose default is heavy: shared by aliases it is decoded, and charged, once.
final class HeavyDefaultObject: Evolvable {
    var name = ""
    var table = [Int](repeating: 1, count: 10_000)

    init() {}
}

/// A box nesting boxes, for a default of a chosen height.
struct NestingBox: Codable, Sendable {
    var inner: [NestingBox] = []

    static func chain(height: Int) -> NestingBox {
        var box = NestingBox()
        for _ in 1..<max(1, height) { box = NestingBox(inner: [box]) }
        return box
    }
}

/// A struct whose default is tall: reused through an alias far down, it is too deep.
struct TallDefaultHolder: Evolvable {
    var name = ""
    var tall = NestingBox.chain(height: 10)
}

/// A chain of levels ending in a holder: places an alias deep in a document.
final class NestingLevel: Codable {
    var next: NestingLevel?
    var holder: TallDefaultHolder?
}

/// A window coded by hand with a nested keyed container (`frame`), a nested unkeyed container
/// (`margins`) and a super decoder (`base`): each missing key takes its default.
final class HandCodedWindow: Evolvable {
    var title = "untitled"
    var width = 640
    var height = 480
    var margins = [8, 8]
    var base = HandCodedBase()

    init() {}

    private enum CodingKeys: String, CodingKey { case title, frame, margins, base }
    private enum FrameKeys: String, CodingKey { case width, height }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        let frame = try container.nestedContainer(keyedBy: FrameKeys.self, forKey: .frame)
        width = try frame.decode(Int.self, forKey: .width)
        height = try frame.decode(Int.self, forKey: .height)
        var marginList = try container.nestedUnkeyedContainer(forKey: .margins)
        margins = []
        while !marginList.isAtEnd { margins.append(try marginList.decode(Int.self)) }
        base = try HandCodedBase(from: container.superDecoder(forKey: .base))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        var frame = container.nestedContainer(keyedBy: FrameKeys.self, forKey: .frame)
        try frame.encode(width, forKey: .width)
        try frame.encode(height, forKey: .height)
        try container.encode(margins, forKey: .margins)
        try base.encode(to: container.superEncoder(forKey: .base))
    }
}

/// What `HandCodedWindow` reads through its super decoder.
struct HandCodedBase: Codable, Equatable {
    var color = "grey"
}

/// A folder read in two phases whose later version gained `color`; its files point back at it.
final class EvolvingFolder: TwoPhaseDecodable, Evolvable {
    var name = ""
    var color = "blue"
    var files: [EvolvingFile] = []

    init() {}

    convenience init(from decoder: any Decoder) throws {
        self.init()
        try decodeProperties(from: decoder)
    }

    private enum CodingKeys: String, CodingKey { case name, color, files }

    func decodeProperties(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        color = try container.decode(String.self, forKey: .color)
        files = try container.decode([EvolvingFile].self, forKey: .files)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(color, forKey: .color)
        try container.encode(files, forKey: .files)
    }
}

/// A file pointing back at its folder, with a size its later version added.
final class EvolvingFile: Evolvable {
    var title = ""
    var size = 1
    @Reference var folder: EvolvingFolder?

    init() {}
}

/// A settings record a person edits by hand: every key may be left out.
struct HandEditedSettings: Evolvable, Equatable {
    var theme = "light"
    var fontSize = 12
    var showsToolbar = true
    var recentFiles: [String] = []
    var accent = HandEditedColor()
    var nickname: String? = "friend"
}

/// A nested part of the settings, with keys of its own that may be left out.
struct HandEditedColor: Evolvable, Equatable {
    var red = 0.2
    var green = 0.4
    var blue = 0.8
}

/// A to-do item as the TodoList example keeps it, relying on `Evolvable` instead of a
/// hand-written `init(from:)` to tolerate the keys a person leaves out.
final class TodoItemRecord: Evolvable {
    var label = ""
    var checked = false
    var created = Date()

    init() {}
}

/// The to-do list holding the items.
final class TodoListRecord: Evolvable {
    var items: [TodoItemRecord] = []

    init() {}
}
