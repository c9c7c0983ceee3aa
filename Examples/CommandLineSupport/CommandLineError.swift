/// A failure a command reports as one line on standard error, with the exit status to use.
public struct CommandLineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, without the program name or a trailing period.
    public let message: String
    /// The status the program exits with.
    public let exitCode: ExitCode

    /// A failure with `message`, exiting with `exitCode` (``ExitCode/failure`` by default).
    public init(_ message: String, exitCode: ExitCode = .failure) {
        self.message = message
        self.exitCode = exitCode
    }

    /// A mistake on the command line (exit status 2); the report points at `--help`.
    public static func usage(_ message: String) -> CommandLineError {
        CommandLineError(message, exitCode: .usage)
    }

    public var description: String { message }
}
