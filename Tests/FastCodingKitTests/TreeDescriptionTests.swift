import Foundation
import Testing

@testable import FastCodingKit

@Suite("FastValue trees print their values")
struct TreeDescriptionTests {
    @Test("values, containers and objects print as Swift literals, shared nodes once with a label")
    func literals() {
        let shared = FastReference(.array([.string("a")], mutable: false))
        let person = FastReference(
            .object(
                className: "Person",
                properties: [
                    FastProperty("name", .string("Ann")), FastProperty("age", .integer(41)),
                    FastProperty("tags", .reference(shared)), FastProperty("again", .reference(shared)),
                    FastProperty("photo", .reference(FastReference(.data(Data([1, 0xAB]), mutable: false)))),
                    FastProperty("seen", .reference(FastReference(.date(Date(timeIntervalSince1970: 0))))),
                    FastProperty("scores", .reference(FastReference(.dictionary([], mutable: false)))),
                    FastProperty("home", .url(relative: "a/b", base: nil)),
                    FastProperty("gone", .absent),
                ]))
        #expect(
            FastValue.reference(person).description
                == #"Person(name: "Ann", age: 41, tags: #1 ["a"], again: #1, photo: <2 bytes: 01 ab>, "#
                + #"seen: 1970-01-01T00:00:00Z, scores: [:], home: URL("a/b"), gone: nil)"#)
        #expect(person.description == FastValue.reference(person).description)
        #expect(!"\(FastValue.reference(person))".contains("FastReference"))
    }

    @Test("a cycle prints as its label, and sharing does not multiply the text")
    func cyclesAndSharing() {
        let loop = FastReference(.array([], mutable: true))
        loop.content = .array([.integer(1), .reference(loop)], mutable: true)
        #expect(FastValue.reference(loop).description == "#1 [1, #1]")
        // 40 levels, each holding the level below twice: 2^40 paths, 40 nodes.
        var level = FastValue.string("leaf")
        for _ in 0..<40 { level = .reference(FastReference(.array([level, level], mutable: false))) }
        #expect(level.description.count < 2_000)
        loop.content = .array([], mutable: true)
    }

    @Test("a tree deeper than 64 levels is cut with an ellipsis")
    func deepTree() {
        var value = FastValue.integer(7)
        for _ in 0..<200 { value = .reference(FastReference(.array([value], mutable: false))) }
        let text = value.description
        #expect(text.hasPrefix(String(repeating: "[", count: 65) + "…]"))
        #expect(!text.contains("7"))
    }

    @Test("a tree read from an archive prints the archived values")
    func fromArchive() throws {
        struct Contact: Codable { var name: String; var emails: [String] }
        let tree = try FastCoder.object(with: try FastCoder.encode([Contact(name: "Ann", emails: ["a@example.com"])]))
        let text = "\(tree)"
        #expect(text.contains(#"name: "Ann""#), "\(text)")
        #expect(text.contains(#"["a@example.com"]"#), "\(text)")
        #expect(!text.contains("FastCodingKit"), "\(text)")
    }
}
