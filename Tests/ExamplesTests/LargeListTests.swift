import ArchiveTestSupport
import Foundation
import Testing

/// Loading is linear in the list's size: a plain JSON list of 100,000 empty items (about 300 KB)
/// loads and lists within a guard a quadratic load could not meet (it took 20 s in a release
/// build). Runs with `LONG_TESTS=1` only; the guard is 10 s for a release build and 60 s for a
/// debug build, whose code is several times slower.
@Suite("large lists", .enabled(if: ExampleProgram.isLongRun))
struct LargeListTests {
    static let itemCount = 100_000

    @Test(
        "100,000 empty items in a plain JSON list load well within the guard",
        arguments: [("BasicTodoList", "TodoList.plist"), ("FCTodoList", "TodoList.fast")])
    func emptyItems(program entry: (name: String, listFile: String)) throws {
        let program = try ExampleProgram(entry.name)
        try FileManager.default.createDirectory(at: program.dataDirectory, withIntermediateDirectories: true)
        let list = "{\"items\":[" + Array(repeating: "{}", count: Self.itemCount).joined(separator: ",") + "]}"
        try Data(list.utf8).write(to: program.file(entry.listFile))
        let guardSeconds: TimeInterval = program.tool.url.path.contains("/release/") ? 10 : 60
        let result = try program.start(["list"]).wait(timeout: guardSeconds)
        #expect(result.succeeded, "\(result.errorOutput)")
        #expect(result.output.split(separator: "\n").count == Self.itemCount)
    }
}
