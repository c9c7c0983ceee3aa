import Foundation
import Observation

/// An `@Observable` model as a user writes one, with Swift's synthesized coding keys
/// (`_volume`, `_name`, …, `_$observationRegistrar`): every kit must archive it under the
/// declared names.
///
/// `init(from:)` is written out as Swift synthesizes it: the synthesized one would warn that
/// the macro's registrar (a `let` with a value) is not decoded, and the tests build with
/// warnings as errors.
@Observable
public final class ObservedSettings: Codable {
    public var volume = 1
    public var name = "default"
    public var startedAt = Date(timeIntervalSinceReferenceDate: 0)
    public var tags: [String] = []
    public var speaker: ObservedSpeaker? = nil
    public var speakers: [ObservedSpeaker] = []
    @ObservationIgnored public var note = "kept as declared"

    public init() {}

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        volume = try container.decode(Int.self, forKey: ._volume)
        name = try container.decode(String.self, forKey: ._name)
        startedAt = try container.decode(Date.self, forKey: ._startedAt)
        tags = try container.decode([String].self, forKey: ._tags)
        speaker = try container.decodeIfPresent(ObservedSpeaker.self, forKey: ._speaker)
        speakers = try container.decode([ObservedSpeaker].self, forKey: ._speakers)
        note = try container.decode(String.self, forKey: .note)
    }

    /// A model with a value in every property, nested observable models included.
    public static func sample() -> ObservedSettings {
        let settings = ObservedSettings()
        settings.volume = 3
        settings.name = "kitchen"
        settings.startedAt = Date(timeIntervalSinceReferenceDate: 812_345_678)
        settings.tags = ["evening", "loud"]
        settings.speaker = ObservedSpeaker(room: "hall", level: 7)
        settings.speakers = [ObservedSpeaker(room: "attic", level: 2), ObservedSpeaker(room: "porch", level: 4)]
        settings.note = "written"
        return settings
    }

    /// What differs between this model and `other`, property by property.
    public func differences(from other: ObservedSettings) -> [String] {
        var problems: [String] = []
        func compare<T: Equatable>(_ name: String, _ mine: T, _ theirs: T) {
            if mine != theirs { problems.append("\(name): \(mine) became \(theirs)") }
        }
        compare("volume", volume, other.volume)
        compare("name", name, other.name)
        compare("startedAt", startedAt, other.startedAt)
        compare("tags", tags, other.tags)
        compare("speaker", speaker?.summary, other.speaker?.summary)
        compare("speakers", speakers.map(\.summary), other.speakers.map(\.summary))
        compare("note", note, other.note)
        return problems
    }
}

/// An `@Observable` model nested in ``ObservedSettings``: its keys are mapped at every depth.
@Observable
public final class ObservedSpeaker: Codable {
    public var room: String
    public var level: Int

    public init(room: String, level: Int) {
        self.room = room
        self.level = level
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        room = try container.decode(String.self, forKey: ._room)
        level = try container.decode(Int.self, forKey: ._level)
    }

    var summary: String { "\(room) \(level)" }
}
