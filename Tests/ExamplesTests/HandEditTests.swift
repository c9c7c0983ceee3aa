import ArchiveTestSupport
import Foundation
import Testing

/// The HR JSON lists are for people too: a file edited or written by hand is read on the next run.
@Suite("hand-edited HR JSON")
struct HandEditTests {
    @Test(
        "an edited label and checkmark are picked up, and the next save keeps them",
        arguments: ["HRTodoList", "TodoList"])
    func editedFile(name: String) throws {
        let program = try ExampleProgram(name)
        try program.output(["clear"])
        try program.output(["add", "Feed the cat"])
        try program.output(["add", "Mow lawn"])
        let file = program.file("TodoList.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("\"Feed the cat\""))
        let edited = text.replacingOccurrences(of: "\"Feed the cat\"", with: "\"Feed the dog\"")
        try Data(edited.utf8).write(to: file)
        #expect(try program.items() == ["[ ] Feed the dog", "[ ] Mow lawn"])
        try program.output(["done", "1"])
        #expect(try program.items() == ["[x] Feed the dog", "[ ] Mow lawn"])
    }

    @Test("a file written from scratch, without dates or checkmarks, is read", arguments: ["HRTodoList", "TodoList"])
    func handWrittenFile(name: String) throws {
        let program = try ExampleProgram(name)
        let file = program.file("TodoList.json")
        try FileManager.default.createDirectory(at: program.dataDirectory, withIntermediateDirectories: true)
        let json = """
            {"$class": "TodoList", "items": [
                {"$class": "TodoItem", "label": "Written by hand"},
                {"$class": "TodoItem", "label": "Already done", "checked": true}
            ]}
            """
        try Data(json.utf8).write(to: file)
        #expect(try program.items() == ["[ ] Written by hand", "[x] Already done"])
        try program.output(["add", "Added later"])
        #expect(try program.items() == ["[ ] Written by hand", "[x] Already done", "[ ] Added later"])
    }
}
