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

    @Test(
        "each reproducer decodes to an error, typed and untyped, without crashing",
        arguments: FuzzReproducers.files(forTarget: "hr-json") + FuzzReproducers.files(forTarget: "hr-plist"))
    func reproducerFailsCleanly(_ file: URL) throws {
        let data = try Data(contentsOf: file)
        #expect(throws: (any Error).self) { try HRCoder.unarchive(Document.self, from: data) }
        // The untyped reader builds no classes, so a bad class name is not its concern: it may succeed.
        _ = try? HRCoder.object(with: data)
    }

    @Test(
        "what a reproducer parses to can be hashed, described, written back and read again",
        arguments: FuzzReproducers.files(forTarget: "hr-json") + FuzzReproducers.files(forTarget: "hr-plist"))
    func reproducerTreeRoundTrips(_ file: URL) throws {
        guard let tree = try? HRCoder().parse(try Data(contentsOf: file)) else { return }
        _ = tree.hashValue
        #expect(!String(describing: tree).isEmpty)
        let rereader = HRCoder(maximumDepth: HRCoder.defaultMaximumDepth + 1)
        for format in HROutputFormat.allCases {
            let written = try HRCoder(outputFormat: format).serialize(format == .json ? tree.jsonCompatible : tree)
            _ = try rereader.parse(written)
        }
    }
}
