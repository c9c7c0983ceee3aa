import CommandLineSupport

/// The shape every todo program shares: the help text and the dispatch of the shared commands.
public enum TodoProgram {
    /// The `--help` text: usage line, `description`, the shared commands, then `extraCommands`.
    public static func help(name: String, description: String, extraCommands: String? = nil) -> String {
        var text = """
            usage: \(name) COMMAND [ARGUMENTS]

            \(description)

            commands:
            \(TodoCommands.usage)
            """
        if let extraCommands { text += "\n" + extraCommands }
        text += """

            options:
              -h, --help       show this help

            exit status: 0 done, 1 the data could not be read or written (left as it was) or
            the output could not be written, 2 wrong command line
            """
        return text
    }

    /// Runs the shared command named by the first argument, or throws a usage error for an unknown one.
    public static func runSharedCommand(_ arguments: inout ArgumentList, storage: some TodoStorage) throws {
        let command = try arguments.next("COMMAND")
        guard try TodoCommands.run(command, &arguments, storage: storage) else {
            throw CommandLineError.usage("unknown command '\(command)'")
        }
    }
}
