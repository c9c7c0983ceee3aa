import ArchiveTestSupport
import Foundation
import Testing

/// Folders a program cannot use (a file in their place, no permission to search them) are
/// reported in one line: never a list that silently starts afresh, never a change that
/// seems to succeed but is not kept.
@Suite("folders the programs cannot use")
struct UnusableFolderTests {
    /// Runs `arguments` and expects the one-line failure every example program gives.
    private func expectFailure(
        _ program: ExampleProgram, _ arguments: [String], environment: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let result = try program.run(arguments, environment: environment)
        #expect(result.status == 1, "\(program.name) \(arguments): \(result.output)", sourceLocation: sourceLocation)
        #expect(result.output == "", sourceLocation: sourceLocation)
        #expect(result.errorOutput.hasPrefix("\(program.name): error: "), sourceLocation: sourceLocation)
        #expect(result.errorOutput.filter { $0 == "\n" }.count == 1, sourceLocation: sourceLocation)
        return result.errorOutput
    }

    @Test(
        "a file where the data folder should be: the list reads as new, and adding names the file",
        arguments: ExampleProgram.all)
    func dataFolderIsAFile(entry: (name: String, listFile: String)) throws {
        let program = try ExampleProgram(entry.name)
        let blocker = program.home.url.appendingPathComponent("blocker")
        try Data("not a folder".utf8).write(to: blocker)
        let environment = ["XDG_DATA_HOME": blocker.path]
        #expect(try program.run(["list"], environment: environment).status == 0)
        let message = try expectFailure(program, ["add", "Milk"], environment: environment)
        #expect(message.contains(blocker.path), "\(message)")
        #expect(message.contains("Not a directory"), "\(message)")
        #expect(try String(contentsOf: blocker, encoding: .utf8) == "not a folder")
    }

    @Test(
        "a data folder that may not be searched is an error, not an empty list, and the file is kept",
        .enabled(if: geteuid() != 0, "running as root: permission bits do not stop root"),
        arguments: ExampleProgram.all)
    func unsearchableDataFolder(entry: (name: String, listFile: String)) throws {
        let program = try ExampleProgram(entry.name)
        try program.output(["clear"])
        try program.output(["add", "Keep me"])
        let saved = try Data(contentsOf: program.file(entry.listFile))
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: program.dataDirectory.path)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.dataDirectory.path)
        }
        for arguments in [["list"], ["add", "Other"], ["clear"]] {
            let message = try expectFailure(program, arguments)
            #expect(message.contains("Permission denied"), "\(arguments): \(message)")
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.dataDirectory.path)
        #expect(try Data(contentsOf: program.file(entry.listFile)) == saved)
        #expect(try program.items() == ["[ ] Keep me"])
    }

    #if os(Linux)
        @Test("a setting UserDefaults cannot write is an error, and the old value stays")
        func settingNotSaved() throws {
            let program = try ExampleProgram("TodoList")
            let blocker = program.home.url.appendingPathComponent("blocker")
            try Data().write(to: blocker)
            // swift-corelibs-foundation keeps the suite in $XDG_CONFIG_HOME/TodoList.plist.
            let environment = ["XDG_CONFIG_HOME": blocker.appendingPathComponent("config").path]
            let message = try expectFailure(program, ["dates", "on"], environment: environment)
            #expect(message.contains("could not save the suite 'TodoList'"), "\(message)")
            let list = try program.run(["list"], environment: environment)
            #expect(list.status == 0)
            #expect(!list.output.contains("(added "))
        }
    #endif
}
