import CodingCore
import CommandLineSupport
import Testing

/// Paths on the command line keep their bytes: a name that is not UTF-8 is given to the program
/// exactly, where `CommandLine.arguments` would have replaced its bytes with U+FFFD.
@Suite("ArgumentList: paths byte for byte")
struct PathArgumentTests {
    /// "é" in Latin-1: the single byte 0xE9, which is not UTF-8.
    private static let latin1: UInt8 = 0xE9

    @Test("positional and option paths keep bytes that are not UTF-8; their text shows U+FFFD")
    func nonUTF8Paths() throws {
        let input = Array("caf".utf8) + [Self.latin1] + Array(".fast".utf8)
        let output = Array("out-".utf8) + [Self.latin1]
        var arguments = ArgumentList(
            bytes: [Array("convert".utf8), input, Array("-o".utf8), output], optionsWithValues: ["-o"])
        #expect(try arguments.optionPath("-o")?.bytes == output)
        #expect(try arguments.next("COMMAND") == "convert")
        let path = try arguments.nextPath("FILE")
        #expect(path.bytes == input)
        #expect(path.description == "caf\\xE9.fast")
        try arguments.finish()

        var text = ArgumentList(bytes: [input])
        #expect(try text.next("FILE") == "caf\u{FFFD}.fast")
    }

    @Test("--name=VALUE keeps the value's bytes, after the first '='")
    func equalsSpelling() throws {
        let value = Array("dir/a=".utf8) + [Self.latin1]
        var arguments = ArgumentList(bytes: [Array("--directory=".utf8) + value], optionsWithValues: ["--directory"])
        #expect(try arguments.optionPath("--directory")?.bytes == value)
        try arguments.finish()
    }

    @Test("an empty path, or a missing one, is a usage error")
    func emptyOrMissing() throws {
        var empty = ArgumentList(["", "--out="])
        #expect(throws: CommandLineError.usage("the value of --out is an empty path")) {
            try empty.optionPath("--out")
        }
        #expect(throws: CommandLineError.usage("FILE is an empty path")) { try empty.nextPath("FILE") }
        var none = ArgumentList([String]())
        #expect(throws: CommandLineError.usage("missing FILE")) { try none.nextPath("FILE") }
        #expect(try none.optionPath("-o") == nil)
    }
}
