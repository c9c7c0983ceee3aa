import ArchiveTestSupport
import Foundation
import Testing

/// Processes changing one list at once take turns (every program locks the list around its
/// read-modify-write): none loses another's change. 4 processes × 5 `add`s by default,
/// 8 × 15 with `LONG_TESTS=1`.
@Suite("concurrent updates")
struct ConcurrentUpdateTests {
    static let processes = ExampleProgram.isLongRun ? 8 : 4
    static let addsPerProcess = ExampleProgram.isLongRun ? 15 : 5

    @Test("processes adding to one list at once keep every item", arguments: ExampleProgram.all)
    func concurrentAdds(program entry: (name: String, listFile: String)) throws {
        let program = try ExampleProgram(entry.name)
        try program.output(["clear"])
        // Each process runs its adds one after another, through a shell loop started at once.
        let children = try (0..<Self.processes).map { process in
            try ChildProcess(
                "/bin/sh",
                [
                    "-c", "for n in $(seq 1 \(Self.addsPerProcess)); do \"$0\" add \"p\(process) $n\" || exit 1; done",
                    program.tool.url.path,
                ],
                environment: ProcessInfo.processInfo.environment.merging(program.environment) { $1 })
        }
        for child in children {
            let result = try child.wait(timeout: 300)
            #expect(result.succeeded, "\(result.errorOutput)")
        }
        let items = try program.items()
        let expected = Set(
            (0..<Self.processes).flatMap { process in
                (1...Self.addsPerProcess).map { "[ ] p\(process) \($0)" }
            })
        #expect(items.count == expected.count, "\(items.count) of \(expected.count) items kept")
        #expect(Set(items) == expected)
    }
}
