import ArchiveTestSupport
import AutoCodingKit
import Foundation
import Testing

/// Inputs that once crashed the `keyed` fuzz target, and its hand-made hostile seeds, give a
/// value or an error: never a crash.
@Suite("Fuzz reproducers and hostile seeds: keyed archives")
struct FuzzReproducerTests {
    struct Document: Codable {
        var records: [Profile]
        var root: TreeNode?
    }

    static let seeds: [URL] = {
        let folder = SharedVectors.packageRoot.appendingPathComponent("Tests/Fuzz/Seeds/keyed", isDirectory: true)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }
    }()

    @Test("the hostile seeds are there")
    func seedsExist() {
        #expect(Self.seeds.count >= 5)
    }

    @Test(
        "each hostile seed and reproducer decodes to an error, typed and untyped, without crashing",
        arguments: seeds + FuzzReproducers.files(forTarget: "keyed"))
    func failsCleanly(_ file: URL) throws {
        let data = try Data(contentsOf: file)
        #expect(throws: (any Error).self) { try KeyedUnarchiver.unarchive(Document.self, from: data) }
        if let graph = try? KeyedUnarchiver.objectGraph(from: data) {
            // What the untyped reader accepts (cycles through objects with identity), the writer writes back.
            #expect(try KeyedUnarchiver.objectGraph(from: try KeyedArchiver.archivedData(with: graph)) == graph)
        }
    }
}
