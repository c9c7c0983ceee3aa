import BaseModelKit
import Foundation
import Testing

/// Strings equal under Swift's `==` (canonical equivalence) but spelled with other scalars,
/// in one binary property list: kept exactly where Foundation's writer keeps them, refused
/// with the second string's path where it would store them once.
@Suite("Strings differing only in Unicode normalization")
struct EquivalentStringTests {
    struct Labels: Codable, Equatable {
        var names: [String]
        var byName: [String: Int] = [:]
    }

    static let binary = PropertyListArchiveFormat.propertyList(.binary)

    static func scalars(_ labels: Labels) -> [[UInt32]] {
        labels.names.map { $0.unicodeScalars.map(\.value) }
    }

    @Test(
        "twins come back exactly or are refused at the second one",
        arguments: [
            (["caf\u{e9}", "cafe\u{301}"], "names[1]"),
            (["K", "\u{212A}"], "names[1]"),  // the Kelvin sign is canonically "K"
            (["\u{212B}", "A\u{30A}"], "names[1]"),  // Ångström sign and A + ring
        ])
    func twins(_ names: [String], _ path: String) throws {
        let labels = Labels(names: names)
        guard CodablePatternTests.foundationMergesEquivalentStrings else {
            let decoded = try Self.binary.decode(Labels.self, from: Self.binary.encode(labels))
            #expect(Self.scalars(decoded) == Self.scalars(labels))
            return
        }
        let error = #expect(throws: EncodingError.self) { try Self.binary.encode(labels) }
        let message = error.map { String(describing: $0) } ?? ""
        #expect(message.contains("differ only in Unicode normalization"))
        #expect(message.contains(path), "\(message)")
    }

    @Test("a key and a value that are twins are refused too, or kept")
    func keyTwin() throws {
        let labels = Labels(names: ["\u{e9}"], byName: ["e\u{301}": 1])
        guard CodablePatternTests.foundationMergesEquivalentStrings else {
            let decoded = try Self.binary.decode(Labels.self, from: Self.binary.encode(labels))
            #expect(decoded.byName.keys.map { Array($0.utf8) } == [Array("e\u{301}".utf8)])
            return
        }
        #expect(throws: EncodingError.self) { try Self.binary.encode(labels) }
    }

    @Test("one spelling used many times, and twins in XML or JSON, round-trip exactly")
    func sameSpellingAndOtherFormats() throws {
        let repeated = Labels(names: Array(repeating: "caf\u{e9}", count: 3), byName: ["caf\u{e9}": 2])
        #expect(try Self.binary.decode(Labels.self, from: Self.binary.encode(repeated)) == repeated)
        let twins = Labels(names: ["caf\u{e9}", "cafe\u{301}", "K", "\u{212A}"])
        let formats: [any ArchiveFormat] = [PropertyListArchiveFormat.propertyList(.xml), JSONArchiveFormat.json]
        for format in formats {
            let decoded = try format.decode(Labels.self, from: format.encode(twins))
            #expect(Self.scalars(decoded) == Self.scalars(twins), "\(format.identifier)")
        }
    }
}
