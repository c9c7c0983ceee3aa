import CommandLineSupport
import Foundation
import Testing

@Suite("Command-line errors read well as localizedDescription")
struct ErrorDescriptionTests {
    @Test("each error's localizedDescription is its message")
    func messages() {
        let errors: [any Error & CustomStringConvertible] = [
            ChildProcessError.cannotStart(executable: "/bin/nothing", reason: "No such file or directory"),
            ChildProcessError.timedOut(executable: "/bin/sleep", seconds: 30),
            CommandLineError("no todo list at 'list.plist'"),
            CommandLineError.usage("unknown option '--frobnicate'"),
        ]
        for error in errors {
            #expect(error.localizedDescription == error.description)
        }
    }
}
