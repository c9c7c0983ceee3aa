import ArchiveTestSupport
import Foundation
import Testing

@Suite("Hostile fuzz seeds")
struct HostileSeedTests {
    @Test("the committed hostile seeds are what the shape generators make (UPDATE_FUZZ_SEEDS=1 rewrites them)")
    func committedSeedsMatchGenerators() throws {
        let update = ProcessInfo.processInfo.environment["UPDATE_FUZZ_SEEDS"] == "1"
        for seed in HostileSeeds.all {
            let file = HostileSeeds.file(of: seed)
            if update {
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try seed.data.write(to: file)
            }
            #expect(try Data(contentsOf: file) == seed.data, "\(file.lastPathComponent) is stale")
            #expect(seed.data.count < 16_384, "\(seed.name) is too large for a seed")
        }
    }

    @Test("a 30,000-link FastCoding alias chain is a few hundred KB, the size the issue measured")
    func aliasChainSize() {
        let data = HostileShapes.fastCodingAliasChain(length: 30_000, link: .codedObject)
        #expect(data.count > 200_000 && data.count < 1_000_000)
    }
}
