import ArchiveTestSupport
import Foundation
import Testing

/// `TodoList archive` writes two files: killed at any moment, it never loses an item and never
/// leaves one both in the list and in the archive. 5 rounds by default, 40 with `LONG_TESTS=1`;
/// every other round kills the program the moment the archive file is replaced, between its
/// two writes.
@Suite("TodoList archive killed at any moment")
struct ArchiveKillTests {
    static let rounds = ExampleProgram.isLongRun ? 40 : 5

    @Test("every item is in the list or the archive, once, after each SIGKILL")
    func killedArchive() throws {
        let program = try ExampleProgram("TodoList")
        try program.output(["clear"])
        var random = SplitMix64(seed: 43)
        var added: [String] = []
        for round in 0..<Self.rounds {
            for index in 0..<2 {
                let label = "round \(round) item \(index)"
                let line = try program.output(["add", label])
                added.append(label)
                let position = try #require(line.split(separator: ".").first.map(String.init))
                try program.output(["done", position])
            }
            let archiveFile = program.file("CompletedArchive.fast")
            let before = Self.fileNumber(archiveFile)
            let child = try program.start(["archive"])
            if round.isMultiple(of: 2) {
                // Just after the archive is replaced, before the list is: the window a stop must survive.
                let deadline = Date().addingTimeInterval(10)
                while Self.fileNumber(archiveFile) == before, Date() < deadline { usleep(50) }
            } else {
                // From at once to after a typical run: before, during and after the writes.
                usleep(UInt32.random(in: 0..<150_000, using: &random))
            }
            child.kill(SIGKILL)
            _ = try child.wait(timeout: 300)

            let listed = try program.items().map { String($0.dropFirst(4)) }
            let archived = try program.output(["archived"]).split(separator: "\n").compactMap { line -> String? in
                guard line != "no items", let start = line.firstIndex(of: "]") else { return nil }
                let rest = line[line.index(start, offsetBy: 2)...]
                return String(rest[..<(rest.range(of: "  (added")?.lowerBound ?? rest.endIndex)])
            }
            #expect((listed + archived).sorted() == added.sorted(), "round \(round): \(listed) + \(archived)")
        }
        // A last archive, not killed, empties the list of done items.
        try program.output(["archive"])
        #expect(try program.items().isEmpty)
    }

    /// The inode number of `url` (a new one after each atomic replacement), `nil` when absent.
    static func fileNumber(_ url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.systemFileNumber] as? Int
    }
}
