import ArchiveTestSupport
import Foundation
import Testing

/// `TodoList demo`: the README's first command.
@Suite("TodoList demo")
struct DemoTests {
    @Test("the walk-through runs every step, shows every file in its format, and leaves nothing behind")
    func demo() throws {
        let program = try ExampleProgram("TodoList")
        let result = try program.run(["demo"])
        #expect(result.status == 0, "\(result.errorOutput)")
        let output = result.output
        for line in [
            "$ TodoList list", "1. [ ] Try TodoList demo", "$ TodoList archive", "archived 1 item",
            "1. The spare key is under the mat",
            "data/TodoList/TodoList.json: ", "data/TodoList/CompletedArchive.fast: ",
            "data/TodoList/PrivateNotes.enc: ", "data/TodoList/keychain/TodoList.keychain: ",
        ] {
            #expect(output.contains(line), "missing: \(line)")
        }
        #expect(output.contains("bytes, FastCoding"))
        #expect(output.contains("bytes, CryptoCodingKit encrypted envelope"))
        #expect(output.contains("\"$class\": \"TodoList\""))
        #expect(!output.contains("not written"))
        // archive-tool inspect of the FastCoding archive and of the decrypted notes.
        #expect(output.contains("$ archive-tool inspect\n    fastcoding archive, "))
        #expect(output.contains("encrypted ("))
        #expect(output.contains("text: \"The spare key is under the mat\""))
        #expect(!output.contains("cannot inspect"))
        let firstLine = try #require(output.split(separator: "\n").first)
        let folder = try #require(firstLine.split(separator: ": ").last)
        #expect(!FileManager.default.fileExists(atPath: String(folder)))
        // The person's own data folder is not touched.
        #expect(!FileManager.default.fileExists(atPath: program.dataDirectory.path))
    }
}
