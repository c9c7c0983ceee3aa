import CommandLineSupport
import Testing

@Suite("ArgumentList")
struct ArgumentListTests {
    @Test("options anywhere on the line, in both spellings; positionals in order")
    func optionsAndPositionals() throws {
        var arguments = ArgumentList(["get", "--service", "mail", "token"], optionsWithValues: ["--service"])
        #expect(try arguments.option("--service") == "mail")
        #expect(try arguments.next("COMMAND") == "get")
        #expect(try arguments.next("KEY") == "token")
        try arguments.finish()

        var equals = ArgumentList(["--service=a=b", "list"], optionsWithValues: ["--service"])
        #expect(try equals.option("--service") == "a=b")
        #expect(equals.nextIfPresent() == "list")
        #expect(equals.nextIfPresent() == nil)
        try equals.finish()
    }

    @Test("the last of a repeated option wins; an absent option is nil")
    func repeatedOption() throws {
        var arguments = ArgumentList(["--name", "a", "--name", "b"], optionsWithValues: ["--name"])
        #expect(try arguments.option("--name") == "b")
        #expect(try arguments.option("--name") == nil)
        #expect(try arguments.option("--other") == nil)
        try arguments.finish()
    }

    @Test("a declared option takes the next word even when it starts with a dash; flags take none")
    func valuesAndFlags() throws {
        var arguments = ArgumentList(["--verbose", "list", "--name", "-x"], optionsWithValues: ["--name"])
        let verbose = arguments.flag("--verbose", "-v")
        let quiet = arguments.flag("--quiet")
        #expect(verbose)
        #expect(!quiet)
        #expect(try arguments.option("--name") == "-x")
        #expect(try arguments.next("COMMAND") == "list")
        try arguments.finish()
    }

    @Test("-- ends options, and a lone - is positional")
    func doubleDash() throws {
        var arguments = ArgumentList(["set", "-", "--", "--not-an-option"])
        #expect(try arguments.next("A") == "set")
        #expect(try arguments.next("B") == "-")
        #expect(try arguments.next("C") == "--not-an-option")
        try arguments.finish()
    }

    @Test("mistakes are usage errors naming the problem")
    func usageErrors() throws {
        var missingValue = ArgumentList(["list", "--service"], optionsWithValues: ["--service"])
        #expect(throws: CommandLineError.usage("option --service needs a value")) {
            try missingValue.option("--service")
        }

        var missing = ArgumentList([])
        #expect(throws: CommandLineError.usage("missing KEY")) { try missing.next("KEY") }

        var negative = ArgumentList(["done", "-1"])
        _ = try negative.next("COMMAND")
        #expect(
            throws: CommandLineError.usage("missing N: '-1' is read as an option; put '--' before it to give it as N")
        ) { try negative.next("N") }
        var flagOnly = ArgumentList(["list", "--dates"])
        _ = try flagOnly.next("COMMAND")
        #expect(throws: CommandLineError.usage("missing N"), "a word that is no number is no hint") {
            try flagOnly.next("N")
        }

        var unknown = ArgumentList(["list", "--verbose"])
        _ = unknown.nextIfPresent()
        #expect(throws: CommandLineError.usage("unknown option '--verbose'")) { try unknown.finish() }

        var extra = ArgumentList(["get", "a", "b"])
        _ = try extra.next("COMMAND")
        _ = try extra.next("KEY")
        #expect(throws: CommandLineError.usage("unexpected argument 'b'")) { try extra.finish() }
        #expect(CommandLineError.usage("x").exitCode == .usage)
    }
}
