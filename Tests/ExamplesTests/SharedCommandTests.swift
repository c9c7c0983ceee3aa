import ArchiveTestSupport
import Foundation
import Testing

/// The commands every todo program shares, run as real processes against each program.
@Suite("shared todo commands")
struct SharedCommandTests {
    static let names = ExampleProgram.all.map(\.name)

    @Test(
        "add, done, undo, remove and clear persist across runs; list numbers from 1 and marks done items",
        arguments: names)
    func roundTrip(name: String) throws {
        let program = try ExampleProgram(name)
        try program.output(["clear"])
        #expect(try program.items() == [])
        #expect(try program.output(["list"]) == "no items\n")
        #expect(try program.output(["add", "Feed", "the", "cat"]) == "1. [ ] Feed the cat\n")
        try program.output(["add", "Mow lawn"])
        try program.output(["add", "Do washing"])
        #expect(try program.output(["list"]) == "1. [ ] Feed the cat\n2. [ ] Mow lawn\n3. [ ] Do washing\n")
        #expect(try program.output(["done", "2"]) == "2. [x] Mow lawn\n")
        try program.output(["done", "3"])
        #expect(try program.items() == ["[ ] Feed the cat", "[x] Mow lawn", "[x] Do washing"])
        try program.output(["undo", "3"])
        #expect(try program.items() == ["[ ] Feed the cat", "[x] Mow lawn", "[ ] Do washing"])
        #expect(try program.output(["remove", "1"]) == "removed: Feed the cat\n")
        #expect(try program.items() == ["[x] Mow lawn", "[ ] Do washing"])
        #expect(try program.output(["clear"]) == "removed 2 items\n")
        #expect(try program.items() == [])
    }

    @Test("items keep their creation date across runs", arguments: names)
    func creationDates(name: String) throws {
        let program = try ExampleProgram(name)
        try program.output(["clear"])
        let before = Date().addingTimeInterval(-2)
        try program.output(["add", "Dated"])
        let after = Date().addingTimeInterval(2)
        try program.output(["done", "1"])
        let line = try program.output(["list", "--dates"])
        let stamp = try #require(line.split(separator: "(added ").last?.dropLast(2))
        let created = try #require(try? Date(String(stamp), strategy: .iso8601))
        #expect(created >= before && created <= after, "\(line)")
    }

    @Test("wrong command lines and bad indexes exit non-zero with one line on standard error", arguments: names)
    func badInput(name: String) throws {
        let program = try ExampleProgram(name)
        try program.output(["clear"])
        try program.output(["add", "Only item"])
        let cases: [([String], Int32)] = [
            ([], 2), (["frobnicate"], 2), (["done"], 2), (["done", "x"], 2), (["done", "1", "2"], 2),
            (["add"], 2), (["list", "--verbose"], 2),
            (["done", "2"], 1), (["undo", "0"], 1), (["remove", "-1"], 2), (["remove", "5"], 1),
        ]
        for (arguments, status) in cases {
            let result = try program.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.errorOutput)")
            #expect(result.output == "", "\(arguments)")
            #expect(result.errorOutput.hasPrefix("\(name): error: "), "\(arguments)")
            #expect(result.errorOutput.filter { $0 == "\n" }.count == 1, "\(arguments)")
        }
        #expect(try program.items() == ["[ ] Only item"])
    }

    @Test("--help and where describe the program and its files", arguments: ExampleProgram.all)
    func helpAndWhere(name: String, listFile: String) throws {
        let program = try ExampleProgram(name)
        let help = try program.output(["--help"])
        #expect(help.hasPrefix("usage: \(name) COMMAND"))
        for command in ["add TEXT", "list", "done N", "undo N", "remove N", "clear", "where"] {
            #expect(help.contains(command))
        }
        let files = try program.output(["where"])
        #expect(files.contains("the list: \(program.file(listFile).path) ("))
    }

    @Test(
        "a full standard output is a one-line error (exit 1), never a crash or a silent success",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full on this system"),
        arguments: names)
    func fullStandardOutput(name: String) throws {
        let program = try ExampleProgram(name)
        let full = URL(fileURLWithPath: "/dev/full")
        for arguments in [["list"], ["--help"]] {
            let result = try program.tool.run(arguments, environment: program.environment, outputFile: full)
            #expect(!result.wasSignalled, "\(arguments)")
            #expect(result.status == 1, "\(arguments)")
            #expect(
                result.errorOutput
                    == "\(name): error: cannot write to standard output: No space left on device (errno 28)\n",
                "\(arguments)")
        }
    }

    @Test("a label with line breaks or control characters is kept, and listed on one line", arguments: names)
    func controlCharacters(name: String) throws {
        let program = try ExampleProgram(name)
        try program.output(["clear"])
        #expect(try program.output(["add", "two\nlines\tand\u{7}a bell"]) == "1. [ ] two\\nlines\\tand\\u{07}a bell\n")
        try program.output(["add", "para\u{2029}graph"])
        #expect(try program.output(["list"]) == "1. [ ] two\\nlines\\tand\\u{07}a bell\n2. [ ] para\\u{2029}graph\n")
        #expect(try program.output(["remove", "2"]) == "removed: para\\u{2029}graph\n")
        #expect(try program.output(["done", "1"]) == "1. [x] two\\nlines\\tand\\u{07}a bell\n")
    }
}
