import ArchiveTestSupport
import Foundation
import HRCoderKit
import Testing

/// Inputs that once crashed the `hr-json` / `hr-plist` fuzz targets now give an error or a value.
@Suite("Fuzz reproducers: HR archives")
struct FuzzReproducerTests {
    /// The shape of the fuzz target's model, enough to reach class-name resolution.
    final class Node: Codable {
        var label: String
        var children: [Node]
    }

    struct Document: Codable {
        var root: Node?
    }

    @Test("each reproducer decodes to an error, typed and untyped, without crashing",
          arguments: FuzzReproducers.files(forTarget: "hr-json") + FuzzReproducers.files(forTarget: "hr-plist"))
    func reproducerFailsCleanly(_ file: URL) throws {
        let data = try Data(contentsOf: file)
        #expect(throws: (any Error).self) { try HRCoder.unarchive(Document.self, from: data) }
        // The untyped reader builds no classes, so a bad class name is not its concern: it may succeed.
        _ = try? HRCoder.object(with: data)
    }
}
