import ArchiveTestSupport
import BaseModelKit
import Foundation
import Testing

/// Inputs of the `basemodel-json` fuzz target — its hand-written seeds and any input that once
/// crashed it — give a model or a clear error.
@Suite("Fuzz reproducers and seeds: basemodel-json")
struct FuzzReproducerTests {
    static let seeds: [URL] = {
        let folder = SharedVectors.packageRoot.appendingPathComponent("Tests/Fuzz/Seeds/basemodel-json")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }
    }()

    @Test(
        "each input gives a model or a BaseModelError, as data and as a parsed value",
        arguments: seeds + FuzzReproducers.files(forTarget: "basemodel-json"))
    func replay(_ file: URL) throws {
        let data = try Data(contentsOf: file)
        for decode in [
            { _ = try Branch.instance(decoding: $0) }, { _ = try Shelf.instance(decoding: $0) },
            { _ = try TodoList.instance(decoding: $0) },
        ] as [(Data) throws -> Void] {
            do {
                try decode(data)
            } catch {
                #expect(error is BaseModelError, "\(error)")
            }
        }
        if let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) {
            _ = TodoItem.instances(with: value as? [Any] ?? [value])
        }
    }

    @Test("the seeds are there; the conversion seed is no todo list, the hooks seed is one")
    func seedsMap() throws {
        #expect(Self.seeds.count >= 4)
        let conversions = try #require(Self.seeds.first { $0.lastPathComponent == "conversions.json" })
        let error = try #require(throws: BaseModelError.self) { try TodoList.instance(contentsOf: conversions) }
        #expect(error.description.contains("holds none of TodoList's keys"), "\(error)")
        let hooks = try #require(Self.seeds.first { $0.lastPathComponent == "hooks.json" })
        #expect(try TodoList.instance(contentsOf: hooks).items.map(\.label) == ["Do washing", "Mow lawn", ""])
    }
}
