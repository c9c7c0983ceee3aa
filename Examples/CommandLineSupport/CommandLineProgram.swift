import Foundation

/// A command-line program's shell: `--help`, one-line errors on standard error as
/// `<name>: error: …`, and exit statuses.
///
/// ```swift
/// CommandLineProgram(name: "greet", help: "usage: greet NAME").run { arguments in
///     let name = try arguments.next("NAME")
///     try arguments.finish()
///     print("Hello, \(name)!")
/// }
/// ```
public struct CommandLineProgram: Sendable {
    /// The name errors start with (the executable's name).
    public let name: String
    /// The text `--help` prints, ending without a newline.
    public let help: String
    /// The option names that take a value, passed on to ``ArgumentList``.
    public let optionsWithValues: Set<String>

    /// A program called `name` whose `--help` prints `help`.
    public init(name: String, help: String, optionsWithValues: Set<String> = []) {
        self.name = name
        self.help = help
        self.optionsWithValues = optionsWithValues
    }

    /// Runs `body` with the process's arguments, byte for byte (from `CommandLine.unsafeArgv`,
    /// since `CommandLine.arguments` replaces bytes that are not UTF-8), and exits: 0 after
    /// `body` returns (or after printing the help for `--help`/`-h`), else the status and
    /// one-line report of the error it threw. Output that could not be written (see
    /// ``StandardOutput``) is such an error.
    public func run(_ body: (inout ArgumentList) throws -> Void) -> Never {
        run(ArgumentList(bytes: Self.argumentBytes().dropFirst(), optionsWithValues: optionsWithValues), body)
    }

    /// Runs `body` with `arguments` (without the program name), as ``run(_:)-(_)`` does.
    public func run(_ arguments: [String], _ body: (inout ArgumentList) throws -> Void) -> Never {
        run(ArgumentList(arguments, optionsWithValues: optionsWithValues), body)
    }

    private func run(_ arguments: ArgumentList, _ body: (inout ArgumentList) throws -> Void) -> Never {
        var list = arguments
        do {
            if list.flag("--help", "-h") {
                print(help)
            } else {
                try body(&list)
            }
            // What `print` wrote is only known to have arrived once it is flushed.
            try StandardOutput.flush()
            exit(ExitCode.success.rawValue)
        } catch {
            let (line, code) = report(error)
            // Standard error is the last place to report to: a failure there has nowhere to go.
            let bytes = Array((line + "\n").utf8)
            _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            exit(code.rawValue)
        }
    }

    /// The process's arguments, the program name first, as the bytes the system passed.
    private static func argumentBytes() -> [[UInt8]] {
        (0..<Int(CommandLine.argc)).compactMap { index in
            // argv[0..<argc] are NUL-terminated strings that live as long as the process.
            CommandLine.unsafeArgv[index].map { argument in
                Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map { UInt8(bitPattern: $0) }
            }
        }
    }

    /// The one line written to standard error for `error` and the status to exit with:
    /// a ``CommandLineError`` keeps its status (usage errors point at `--help`); any other
    /// error is a failure (status 1) described by its `description`.
    public func report(_ error: any Error) -> (line: String, exitCode: ExitCode) {
        let commandError = error as? CommandLineError
        var message = commandError?.message ?? String(describing: error)
        if commandError?.exitCode == .usage { message += " (see '\(name) --help')" }
        let oneLine = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        return ("\(name): error: \(oneLine)", commandError?.exitCode ?? .failure)
    }
}
