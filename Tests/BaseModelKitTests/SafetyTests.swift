import ArchiveTestSupport
import BaseModelKit
import Foundation
import Testing

/// A model that nests itself, the shape deep hostile input aims at.
final class Branch: BaseModel {
    var label = ""
    var child: Branch?
    var children: [Branch] = []
    init() {}
}

@Suite("Hostile input: a clear error, never a crash")
struct SafetyTests {
    @Test("a 100,000-deep JSON or XML document is refused", arguments: ["json", "xml"])
    func deepDocuments(_ kind: String) throws {
        let count = 100_000
        let text =
            kind == "json"
            ? String(repeating: "[", count: count) + String(repeating: "]", count: count)
            : "<plist>" + String(repeating: "<array>", count: count)
                + String(repeating: "</array>", count: count) + "</plist>"
        #expect(throws: (any Error).self) { try TodoList.instance(decoding: Data(text.utf8)) }
    }

    @Test("models nested deeper than the limit are refused with the path, in memory and in JSON")
    func deepModels() throws {
        var tree: [String: Any] = ["label": "leaf"]
        for _ in 0..<2_000 { tree = ["child": tree] }
        let error = try #require(throws: DecodingError.self) { try Branch.instance(with: tree) }
        guard case let .dataCorrupted(context) = error else {
            Issue.record("not dataCorrupted: \(error)")
            return
        }
        #expect(context.debugDescription.contains("deeper than the limit of 512"))
        #expect(
            context.codingPath.count >= 500 && context.codingPath.dropLast().allSatisfy { $0.stringValue == "child" })

        let json = String(repeating: #"{"children":["#, count: 600) + "{}" + String(repeating: "]}", count: 600)
        #expect(throws: (any Error).self) { try Branch.instance(decoding: Data(json.utf8)) }
        // Within the limit, deep nesting works.
        var shallow: [String: Any] = ["label": "leaf"]
        for _ in 0..<100 { shallow = ["child": shallow] }
        var node = try #require(try Branch.instance(with: shallow))
        var depth = 0
        while let next = node.child { node = next; depth += 1 }
        #expect(depth == 100)
        #expect(node.label == "leaf")
    }

    @Test("deep nesting under an unknown key is skipped, never walked")
    func deepUnknownKey() throws {
        var tree: Any = "bottom"
        for _ in 0..<2_000 { tree = [tree] }
        let input: [String: Any] = ["renamedKey": 1, "x": tree, "title": "kept"]
        let note = try #require(try Note.instance(with: input))
        #expect(note.title == "kept")
    }

    @Test("values a model cannot hold are refused with their path")
    func unrepresentable() throws {
        let url = try #require(throws: DecodingError.self) {
            try Note.instance(with: ["tags": [URL(fileURLWithPath: "/tmp")]])
        }
        guard case let .typeMismatch(_, context) = url else {
            Issue.record("not a type mismatch: \(url)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["tags", "Index 0"])
        #expect(throws: DecodingError.self) { try Note.instance(with: ["tags": [[1: "one"] as [AnyHashable: Any]]]) }
        let keys = try #require(throws: BaseModelError.self) {
            try Note.instance(with: [1: "one"] as [AnyHashable: Any])
        }
        #expect(keys.description.contains("keys must be strings"))
        #expect(throws: BaseModelError.self) { try Note.instance(with: NSObject()) }
    }

    @Test(
        "every truncation of a saved model gives a model or an error, never a crash",
        arguments: ["plist-binary", "plist-xml", "json"])
    func truncations(_ identifier: String) throws {
        let formats: [any ArchiveFormat] = [.propertyList(.binary), .propertyList(.xml), .json]
        let format = try #require(formats.first { $0.identifier == identifier })
        let shelf = Shelf()
        shelf.spare = TodoItem(label: "spare")
        shelf.byName = ["a": TodoItem(label: "a")]
        let data = try format.encode(shelf)
        var failures = 0
        for length in 0..<data.count {
            do {
                _ = try Shelf.instance(decoding: data.prefix(length))
            } catch {
                failures += 1
            }
        }
        #expect(failures > data.count / 2)
        #expect(try Shelf.instance(decoding: data).spare?.label == "spare")
    }

    @Test("random bytes and random mutations of saved models never crash")
    func randomBytes() throws {
        var random = SplitMix64(seed: 0xBA5E)
        let samples = try [JSONArchiveFormat.json.encode(Shelf()), PropertyListArchiveFormat(.binary).encode(Shelf())]
        for round in 0..<2_000 {
            var data = samples[round % 2]
            for _ in 0..<4 {
                let index = Int.random(in: 0..<data.count, using: &random)
                data[index] = UInt8.random(in: 0...255, using: &random)
            }
            _ = try? Shelf.instance(decoding: data)
            let length = Int.random(in: 0..<64, using: &random)
            let noise = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &random) })
            _ = try? Branch.instance(decoding: noise)
        }
    }

    @Test(
        "out-of-range and non-finite numbers are errors",
        arguments: [
            #"{"small": 1000}"#, #"{"unsigned": -1}"#, #"{"count": 1e300}"#, #"{"created": 5}"#,
        ])
    func outOfRange(_ json: String) throws {
        #expect(throws: (any Error).self) { try Note.instance(decoding: Data(json.utf8)) }
    }

    @Test("a binary property list holding a set is refused before Foundation parses it")
    func binaryPlistSet() throws {
        // Object 0: a set of one reference (object 1, the string "a"); then the offset table and trailer.
        var bytes = Array("bplist00".utf8) + [0xC1, 0x01, 0x51, UInt8(ascii: "a"), 8, 10]
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        bytes += [0, 0, 0, 0, 0, 0, 0, 2] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 12]
        let error = try #require(throws: BaseModelError.self) { try Note.instance(decoding: Data(bytes)) }
        #expect(error.description.contains("holds a set, which no model format writes"), "\(error)")
    }

    @Test("ISO 8601 dates with any number of fraction digits are read; malformed ones are not dates")
    func dateStrings() throws {
        func created(_ text: String) -> Date? {
            let data = Data(#"{"created": "\#(text)"}"#.utf8)
            return (try? Note.instance(decoding: data))?.created
        }
        let base = Date(timeIntervalSinceReferenceDate: 817_205_400)  // 2026-11-24T09:30:00Z
        #expect(created("2026-11-24T09:30:00Z") == base)
        #expect(created("2026-11-24T11:30:00+02:00") == base)
        #expect(created("2026-11-24T09:30:00.250Z") == base + 0.25)
        // A date formatter once crashed (SIGFPE) on long fractions: they are read as numbers.
        let long = created("2026-11-24T09:30:00.25" + String(repeating: "8", count: 3000) + "Z")
        #expect(long.map { abs($0.timeIntervalSince(base) - 0.258_888_9) < 1e-6 } == true)
        for malformed in [
            "2026-11-24", "2026-11-24T09:30Z", "2026-11-24T09:30:00", "2026-11-24T09:30:00.Z",
            "2026-11-24T09:30:00+0200", "2026-11-24 09:30:00Z", "x026-11-24T09:30:00Z", "2026-11-24T09:30:00Zjunk",
        ] {
            #expect(created(malformed) == nil, "\(malformed)")
        }
    }
}
