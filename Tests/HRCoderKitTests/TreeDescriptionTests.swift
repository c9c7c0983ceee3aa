import Foundation
import HRCoderKit
import Testing

@Suite("HRValue trees print their values")
struct TreeDescriptionTests {
    @Test("values print as Swift literals with dictionary keys sorted")
    func literals() {
        let tree = HRValue.dictionary([
            "name": .string("Ann \"A\""), "age": .integer(41), "ratio": .real(0.5), "done": .bool(true),
            "tags": .array([.string("a"), .null]), "photo": .data(Data([1, 2, 3])),
            "seen": .date(Date(timeIntervalSince1970: 86_400)), "empty": .dictionary([:]),
        ])
        #expect(
            tree.description
                == #"["age": 41, "done": true, "empty": [:], "name": "Ann \"A\"", "photo": <3 bytes: 01 02 03>, "#
                + #""ratio": 0.5, "seen": 1970-01-02T00:00:00Z, "tags": ["a", null]]"#)
    }

    @Test("an archive tree prints its classes, values and aliases")
    func archiveTree() throws {
        final class Track: Codable {
            var title = "Intro"
        }
        struct Playlist: Codable { var tracks: [Track]; var featured: Track }
        let track = Track()
        let tree = try HRCoder.archivedPlist(withRootObject: Playlist(tracks: [track], featured: track))
        let text = "\(tree)"
        #expect(text.contains(#""title": "Intro""#), "\(text)")
        #expect(text.contains(#"["$alias": "#), "\(text)")
        #expect(!text.contains("HRCoderKit"), "\(text)")
    }

    @Test("a tree deeper than 64 levels is cut with an ellipsis")
    func deepTree() {
        var value = HRValue.integer(7)
        for _ in 0..<200 { value = .array([value]) }
        #expect(value.description.hasPrefix(String(repeating: "[", count: 65) + "…]"))
    }
}
