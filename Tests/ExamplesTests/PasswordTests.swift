import ArchiveTestSupport
import Foundation
import Testing

/// CryptoTodoList's password: from `TODO_PASSWORD` or standard input, never the command line.
@Suite("CryptoTodoList password")
struct PasswordTests {
    @Test("a wrong password fails in one line and changes nothing")
    func wrongPassword() throws {
        let program = try ExampleProgram("CryptoTodoList")
        try program.output(["add", "Secret plan"])
        let file = program.file("TodoList.enc")
        let before = try Data(contentsOf: file)
        for arguments in [["list"], ["add", "Intruder"], ["clear"], ["done", "1"]] {
            let result = try program.run(arguments, environment: ["TODO_PASSWORD": "wrong"])
            #expect(result.status == 1, "\(arguments)")
            #expect(result.output == "")
            #expect(result.errorOutput.contains("wrong password"), "\(result.errorOutput)")
            #expect(result.errorOutput.filter { $0 == "\n" }.count == 1)
        }
        #expect(try Data(contentsOf: file) == before)
        #expect(try program.items().last == "[ ] Secret plan")
    }

    @Test("without TODO_PASSWORD the password is read from standard input; none at all fails cleanly")
    func passwordFromInput() throws {
        let program = try ExampleProgram("CryptoTodoList", environment: ["TODO_PASSWORD": ""])
        #expect(try program.run(["add", "Piped"], input: "from stdin\n").status == 0)
        let listed = try program.run(["list"], input: "from stdin\n")
        #expect(listed.output.contains("[ ] Piped"))
        #expect(try program.run(["list"], environment: ["TODO_PASSWORD": "from stdin"]).status == 0)
        let none = try program.run(["list"], input: "")
        #expect(none.status == 1)
        #expect(none.errorOutput.hasPrefix("CryptoTodoList: error: "))
        #expect(none.errorOutput.contains("no password given"))
    }
}
