import ArchiveInspection
import ArchiveTestSupport
import AutoCodingKit
import FastCodingKit
import Foundation
import Testing

/// A file to convert to every format, and the formats that must refuse it (with the phrase
/// the refusal must contain).
struct ConversionSource: Sendable, CustomStringConvertible {
    let name: String
    let url: URL
    let refusals: [String: String]
    var description: String { name }

    static func vector(_ collection: SharedVectors.Collection, _ file: String, refusals: [String: String] = [:])
        -> ConversionSource
    {
        ConversionSource(
            name: file, url: SharedVectors.directory(collection).appendingPathComponent(file),
            refusals: refusals)
    }
}

/// The same refusal phrase for each of `targets`.
private func refusing(_ targets: [String], _ phrase: String) -> [String: String] {
    Dictionary(uniqueKeysWithValues: targets.map { ($0, phrase) })
}

private let plainTargets = ["json", "plist"]
private let hrTargets = ["hr-json", "hr-xml", "hr-binary"]

private let vectorSources: [ConversionSource] =
    !SharedVectors.isAvailable
    ? []
    : [
        .vector(.fastCoding, "people_graph.fast", refusals: refusing(plainTargets, "an object of class Person")),
        .vector(.fastCoding, "object_cycle.fast", refusals: refusing(plainTargets, "an object of class TreeNode")),
        .vector(.fastCoding, "object_identity.fast", refusals: refusing(plainTargets, "an object of class")),
        .vector(.fastCoding, "dict_nested.fast"),
        .vector(.fastCoding, "set.fast", refusals: refusing(plainTargets + hrTargets, "a set")),
        .vector(
            .fastCoding, "index_set.fast", refusals: refusing(plainTargets + hrTargets + ["keyed"], "an index set")),
        .vector(
            .fastCoding, "date_fixed.fast",
            refusals: [
                "json": "a date", "hr-xml": "a date with fractions of a second",
                "plist": "a date with fractions of a second",
            ]),
        .vector(.fastCoding, "url_relative_base.fast", refusals: refusing(plainTargets, "a URL")),
        .vector(.hrCoder, "hr_cycle.plist", refusals: refusing(plainTargets, "an object of class TreeNode")),
        .vector(.hrCoder, "hr_shared_alias_json.json", refusals: refusing(plainTargets, "an object of class")),
        .vector(.hrCoder, "hand_plain_tree.plist"),
        .vector(.keyed, "complex_test.plist", refusals: ["json": "a URL", "plist": "null"]),
        .vector(.keyed, "ordered_set_numbers.plist", refusals: refusing(plainTargets + hrTargets, "an ordered set")),
    ]

@Suite("archive-tool convert")
struct ConvertTests {
    static let folder = try? TemporaryDirectory()

    /// Files written here with the kits, so the suite converts something without the shared vectors.
    static let generatedSources: [ConversionSource] = {
        guard let folder else { return [] }
        func write(_ name: String, _ data: Data?, refusals: [String: String]) -> ConversionSource? {
            let url = folder.url.appendingPathComponent(name)
            guard let data, (try? data.write(to: url)) != nil else { return nil }
            return ConversionSource(name: name, url: url, refusals: refusals)
        }
        let shared = FastReference(.dictionary([FastEntry(key: .string("n"), value: .integer(-7))], mutable: false))
        let pair = FastReference(.array([.reference(shared), .reference(shared)], mutable: false))
        let loop = FastReference(.array([], mutable: true))
        loop.content = .array([.string("self"), .reference(loop)], mutable: true)
        var numbers: [FastValue] = [.double(-0.0), .double(0.1), .integer(Int64.min)]
        numbers += [.integer(Int64.max), .bool(true)]
        let immutableCycle = KeyedObjectGraph(
            root: .object(KeyedObjectID(0)),
            objects: [.array([.string("self"), .object(KeyedObjectID(0))], mutable: false)])
        let numberTree = FastValue.reference(FastReference(.array(numbers, mutable: false)))
        return [
            write(
                "shared.fast", try? FastCoder.data(with: .reference(pair)),
                refusals: refusing(plainTargets, "a shared reference")),
            write(
                "cycle.fast", try? FastCoder.data(with: .reference(loop)),
                refusals: refusing(plainTargets, "a cycle")),
            write("numbers.fast", try? FastCoder.data(with: numberTree), refusals: [:]),
            write(
                "immutable-cycle.plist", try? KeyedArchiver.archivedData(with: immutableCycle),
                refusals: refusing(plainTargets, "a cycle").merging(
                    ["fastcoding": "a cycle through an immutable array"]) { $1 }),
            write(
                "plain.json", Data(#"{"a": [1, 2.5, "x", true, null], "b": {"c": {}}}"#.utf8),
                refusals: ["plist": "null"]),
        ].compactMap { $0 }
    }()

    static let sources = generatedSources + vectorSources

    @Test(
        "every source converts to each format that can hold it, identity kept; the rest refuse in one line",
        arguments: sources)
    func convertsToEveryFormat(_ source: ConversionSource) throws {
        let folder = try TemporaryDirectory()
        let original = try ArchiveToolRun.typedValue(of: source.url)
        for target in ArchiveTarget.allCases.map(\.rawValue) {
            let output = folder.url.appendingPathComponent("out.\(target)")
            let result = try ArchiveToolRun.run(["convert", source.url.path, "--to", target, "-o", output.path])
            if let phrase = source.refusals[target] {
                let line = ArchiveToolRun.expectCleanFailure(result, "\(source.name) → \(target)")
                #expect(line.contains("\(target) cannot hold \(phrase)"), "\(source.name) → \(target): \(line)")
                #expect(!FileManager.default.fileExists(atPath: output.path), "a refused conversion wrote a file")
                continue
            }
            try #require(result.status == 0, "\(source.name) → \(target): \(result.errorOutput)")
            let converted = try ArchiveToolRun.typedValue(of: output)
            let mismatches = converted.mismatches(
                against: Self.expectation(original, in: target),
                options: Self.options(for: target))
            #expect(mismatches.isEmpty, "\(source.name) → \(target): \(mismatches.joined(separator: "\n"))")
        }
    }

    @Test(
        "a conversion and its way back give the original tree, identity included",
        arguments: sources.filter { source in
            ["keyed", "fastcoding", "hr-binary"].allSatisfy { source.refusals[$0] == nil }
        })
    func convertsThereAndBack(_ source: ConversionSource) throws {
        let folder = try TemporaryDirectory()
        let original = try ArchiveToolRun.typedValue(of: source.url)
        var current = source.url
        for (step, target) in ["keyed", "fastcoding", "hr-binary", "fastcoding"].enumerated() {
            let output = folder.url.appendingPathComponent("step\(step).\(target)")
            let result = try ArchiveToolRun.run(["convert", current.path, "--to", target, "-o", output.path])
            try #require(result.status == 0, "\(source.name) step \(step) → \(target): \(result.errorOutput)")
            current = output
        }
        let back = try ArchiveToolRun.typedValue(of: current)
        let options = ComparisonOptions(ignoresMutability: true, allowsMissingAbsentProperties: true)
        let mismatches = back.numbersAsNumbers.mismatches(against: original.numbersAsNumbers, options: options)
        #expect(mismatches.isEmpty, "\(source.name): \(mismatches.joined(separator: "\n"))")
    }

    @Test("without -o the converted archive goes to standard output, and '-' reads standard input")
    func standardStreams() throws {
        let input = Data(#"{"$class": "Note", "text": "hi", "tags": ["a"]}"#.utf8)
        let result = try ArchiveToolRun.run(["convert", "-", "--to", "fastcoding"], input: input)
        try #require(result.status == 0, "\(result.errorOutput)")
        #expect(result.standardOutput.starts(with: Array("TSAF".utf8)))
        let value = try FastCoder.object(with: result.standardOutput)
        guard case let .reference(node) = value, case let .object(className, properties) = node.content else {
            Issue.record("not an object: \(value)")
            return
        }
        #expect(className == "Note")
        #expect(properties.map(\.name) == ["tags", "text"])
    }

    @Test("a wrong or missing --to is a usage error (exit 2)")
    func usage() throws {
        for arguments in [["convert", "x.fast"], ["convert", "x.fast", "--to", "yaml"]] {
            let result = try ArchiveToolRun.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.errorOutput)")
            #expect(result.errorOutput.contains("--help"))
        }
    }

    /// What a target keeps of the original: formats without float/int widths keep "a number".
    static func expectation(_ original: TypedValue, in target: String) -> TypedValue {
        target == "fastcoding" ? original : original.numbersAsNumbers
    }

    static func options(for target: String) -> ComparisonOptions {
        switch target {
        case "fastcoding": ComparisonOptions()
        case "keyed": ComparisonOptions(allowsMissingAbsentProperties: true)
        default: ComparisonOptions(ignoresMutability: true, allowsMissingAbsentProperties: true)
        }
    }
}
