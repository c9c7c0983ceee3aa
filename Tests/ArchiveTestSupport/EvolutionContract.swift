import CodingCore
import Foundation

/// One rule of CodingCore's evolution contract (`EvolvingYourModels.md`) that every format must
/// keep: files written by version 1 of a model load into version 2.
///
/// `run` returns what did not hold, one line each (empty when everything held), so each kit's
/// test states `#expect(problems == [])`, as with ``CycleContract``. Every rule takes the format
/// as an ``ArchiveFormat`` value, so the kits' formats, BaseModelKit's plain formats and
/// encrypted formats run the same rules.
public struct EvolutionContract: Sendable, CustomStringConvertible {
    public let description: String
    public let run: @Sendable (any ArchiveFormat) throws -> [String]

    /// Every rule.
    public static let all: [EvolutionContract] = [
        addedProperties, elementsAndValues, renamedPropertyAndClass, removedProperties, roundTripAfterwards,
        missingOptionalStaysNil, wrongTypeIsAnError, withoutContract, layeredOverBase, freshDefaults,
        behindReferences, deepTreeWithoutKeys, tallDefaultNearLimit, heavyDefaults, cyclicDefaults,
    ]

    static func version2(_ format: any ArchiveFormat) throws -> EvolutionDocumentV2 {
        EvolutionModels.register()
        return try format.decode(EvolutionDocumentV2.self, from: format.encode(EvolutionDocumentV1()))
    }

    public static let addedProperties = EvolutionContract(
        "added properties and an added nested type take their defaults"
    ) { format in
        let document = try version2(format)
        return failures([
            (document.name == "Groceries", "name is '\(document.name)'"),
            (document.fontSize == 12, "fontSize is \(document.fontSize)"),
            (document.layout == EvolutionLayout(), "layout is \(document.layout)"),
            (document.created == EvolutionDocumentV2().created, "created is \(document.created)"),
            (document.owner.email == "nobody@example.com", "owner's email is '\(document.owner.email)'"),
        ])
    }

    public static let elementsAndValues = EvolutionContract(
        "array elements and dictionary values keep their keys and gain the added ones"
    ) { format in
        let document = try version2(format)
        let notes = document.notes
        let butter = document.notesByTag["dairy"]
        return failures([
            (notes.map(\.title) == ["milk", "eggs"], "note titles are \(notes.map(\.title))"),
            (notes.map(\.body) == ["2 l", "12"], "note bodies are \(notes.map(\.body))"),
            (notes.allSatisfy { !$0.pinned && $0.tags == ["inbox"] }, "a note's added keys are not the defaults"),
            (notes.allSatisfy { $0.reminder.minutes == 15 }, "a note's reminder is not the default"),
            (butter?.title == "butter" && butter?.body == "salted", "the dictionary value lost its keys"),
            (butter?.pinned == false && butter?.tags == ["inbox"], "the dictionary value has no defaults"),
            (
                document.members.map(\.role) == ["member", "member"],
                "members' roles are \(document.members.map(\.role))"
            ),
        ])
    }

    public static let renamedPropertyAndClass = EvolutionContract(
        "a renamed property reads its former key; a renamed class reads its legacy name"
    ) { format in
        let document = try version2(format)
        return failures([
            (document.caption == "weekly", "caption is '\(document.caption)', not label's 'weekly'"),
            (document.owner.name == "Ada", "the renamed owner class lost its name: '\(document.owner.name)'"),
        ])
    }

    public static let removedProperties = EvolutionContract(
        "keys the type no longer has are skipped, nested values and classes included"
    ) { format in
        EvolutionModels.register()
        let trimmed = try format.decode(EvolutionTrimmedV2.self, from: format.encode(EvolutionDocumentV1()))
        return failures([(trimmed.name == "Groceries", "name is '\(trimmed.name)'")])
    }

    public static let roundTripAfterwards = EvolutionContract(
        "a migrated value round-trips, written under its current keys only"
    ) { format in
        var document = try version2(format)
        document.fontSize = 20
        document.subtitle = "Sunday"
        let data = try format.encode(document)
        let again = try format.decode(EvolutionDocumentV2.self, from: data)
        let written = try format.decode(EvolutionWrittenKeys.self, from: data)
        return failures([
            (again.fontSize == 20 && again.subtitle == "Sunday", "the edits did not round-trip"),
            (again.caption == "weekly" && again.name == "Groceries", "caption or name did not round-trip"),
            (again.notes.map(\.title) == ["milk", "eggs"], "the notes did not round-trip"),
            (again.owner.email == "nobody@example.com", "the owner did not round-trip"),
            (written.caption == "weekly", "caption was not written"),
            (written.label == nil, "the former key 'label' was written"),
        ])
    }

    public static let missingOptionalStaysNil = EvolutionContract(
        "a missing optional stays nil, whatever its default"
    ) { format in
        let document = try version2(format)
        return failures([(document.subtitle == nil, "subtitle is '\(document.subtitle ?? "")', not nil")])
    }

    public static let wrongTypeIsAnError = EvolutionContract(
        "a present key of the wrong type is still an error naming its coding path"
    ) { format in
        let data = try format.encode(EvolutionWrongTypeV1())
        do {
            let decoded = try format.decode(EvolutionFontSizeV2.self, from: data)
            return ["'large' decoded as fontSize \(decoded.fontSize)"]
        } catch let error as DecodingError {
            return failures([(pathNames(error).last == "fontSize", "the error's path is \(pathNames(error)): \(error)")]
            )
        }
    }

    public static let withoutContract = EvolutionContract(
        "a type that does not adopt Evolvable still throws keyNotFound with the key"
    ) { format in
        let data = try format.encode(EvolutionNamedV1(name: "Groceries"))
        do {
            _ = try format.decode(EvolutionStrictV2.self, from: data)
            return ["a missing fontSize decoded without Evolvable"]
        } catch let DecodingError.keyNotFound(key, _) {
            return failures([(key.stringValue == "fontSize", "keyNotFound names '\(key.stringValue)'")])
        } catch {
            return ["not keyNotFound: \(error)"]
        }
    }

    public static let layeredOverBase = EvolutionContract(
        "decoding over a value takes its values for the keys the archive lacks"
    ) { format in
        var base = EvolutionDocumentV2()
        base.name = "from base"
        base.fontSize = 30
        base.subtitle = "from base"
        base.layout.columns = 5
        let data = try format.encode(EvolutionNamedV1(name: "from file"))
        let layered = try format.decode(EvolutionDocumentV2.self, from: data, over: base)
        return failures([
            (layered.name == "from file", "name is '\(layered.name)'"),
            (layered.fontSize == 30, "fontSize is \(layered.fontSize), not the base's 30"),
            (layered.layout.columns == 5, "layout.columns is \(layered.layout.columns), not the base's 5"),
            (layered.subtitle == nil, "the missing optional took the base's value"),
        ])
    }

    public static let freshDefaults = EvolutionContract(
        "each missing key of a class type decodes a new instance"
    ) { format in
        let document = try version2(format)
        let reminders = document.notes.map(\.reminder) + [document.notesByTag["dairy"]?.reminder].compactMap { $0 }
        let distinct = Set(reminders.map(ObjectIdentifier.init)).count
        return failures([(distinct == 3, "\(distinct) distinct reminders for 3 notes")])
    }

    public static let behindReferences = EvolutionContract(
        "an object behind a reference gains its added keys too"
    ) { format in
        let document = try version2(format)
        let lead = document.lead
        return failures([
            (lead?.name == "Ann", "the lead is \(lead?.name ?? "missing")"),
            (lead?.role == "member", "the lead's role is \(lead?.role ?? "missing")"),
        ])
    }

    public static let deepTreeWithoutKeys = EvolutionContract(
        "a tree 200 nodes deep (400 levels) whose every node lacks a key decodes within the depth limit"
    ) { format in
        let (count, labels) = try LargeStack.run {
            let data = try format.encode(EvolutionTreeV1.chain(depth: 200))
            let tree = try format.decode(EvolutionTreeV2.self, from: data)
            return (tree.nodeCount, tree.allLabelsAreDefault)
        }
        return failures([(count == 200, "the tree has \(count) nodes"), (labels, "a label is not the default")])
    }

    public static let tallDefaultNearLimit = EvolutionContract(
        "a tall default needed near the depth limit is a depth error, not a crash"
    ) { format in
        try LargeStack.run {
            let data = try format.encode(EvolutionTreeV1.chain(depth: 225))
            do {
                _ = try format.decode(EvolutionTallTreeV2.self, from: data)
                return ["a 120-level default decoded 450 levels down, past the limit of 512"]
            } catch DecodingError.keyNotFound(let key, _) {
                return ["the default of '\(key.stringValue)' was not used"]
            } catch is DecodingError {
                return []
            } catch {
                // A kit's own error enum for the depth limit is as good.
                return "\(error)".contains("512") ? [] : ["not a depth error: \(error)"]
            }
        }
    }

    public static let heavyDefaults = EvolutionContract(
        "records lacking a heavy default stop at the expansion budget"
    ) { format in
        let records = (0..<200).map { EvolutionNamedV1(name: "record \($0)") }
        let data = try format.encode(records)
        do {
            let decoded = try format.decode([EvolutionHeavyV2].self, from: data)
            return ["\(decoded.count) records × 50,000 default values decoded from \(data.count) bytes"]
        } catch DecodingError.keyNotFound(let key, _) {
            return ["the default of '\(key.stringValue)' was not used"]
        } catch {
            return []
        }
    }

    public static let cyclicDefaults = EvolutionContract(
        "defaults that hold a cycle are an error naming the type"
    ) { format in
        let data = try format.encode(EvolutionNamedV1(name: "Groceries"))
        do {
            _ = try format.decode(EvolutionCyclicV2.self, from: data)
            return ["defaults with a cycle decoded"]
        } catch {
            return failures([("\(error)".contains("EvolutionCyclicV2"), "the error does not name the type: \(error)")])
        }
    }

    init(_ description: String, _ run: @escaping @Sendable (any ArchiveFormat) throws -> [String]) {
        self.description = description
        self.run = run
    }

    private static func failures(_ conditions: [(Bool, String)]) -> [String] {
        conditions.filter { !$0.0 }.map(\.1)
    }

    /// The coding path of `error`, as strings.
    private static func pathNames(_ error: DecodingError) -> [String] {
        switch error {
        case let .typeMismatch(_, context), let .valueNotFound(_, context), let .keyNotFound(_, context),
            let .dataCorrupted(context):
            context.codingPath.map(\.stringValue)
        @unknown default:
            []
        }
    }
}
