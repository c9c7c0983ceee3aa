import CommandLineSupport
import Testing

@Suite("CommandLineProgram error reports")
struct CommandLineProgramTests {
    struct Broken: Error, CustomStringConvertible {
        var description: String { "the disk said\nno" }
    }

    let program = CommandLineProgram(name: "tool", help: "usage: tool")

    @Test("a usage error exits 2 and points at --help, on one line")
    func usage() {
        let (line, code) = program.report(CommandLineError.usage("missing KEY"))
        #expect(line == "tool: error: missing KEY (see 'tool --help')")
        #expect(code == .usage)
    }

    @Test("a command error keeps its own exit code")
    func ownCode() {
        let (line, code) = program.report(CommandLineError("no such key", exitCode: ExitCode(3)))
        #expect(line == "tool: error: no such key")
        #expect(code.rawValue == 3)
    }

    @Test("any other error is a failure (1) described on one line")
    func otherErrors() {
        let (line, code) = program.report(Broken())
        #expect(line == "tool: error: the disk said no")
        #expect(code == .failure)
        #expect(ExitCode.success.rawValue == 0 && ExitCode.failure.rawValue == 1 && ExitCode.usage.rawValue == 2)
    }
}
