/// A process exit status with a name. Programs add their own:
/// `extension ExitCode { static let notFound = ExitCode(3) }`.
public struct ExitCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The number the process exits with.
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The status `value`.
    public init(_ value: Int32) {
        rawValue = value
    }

    /// 0: the command did what was asked.
    public static let success = ExitCode(0)
    /// 1: the command failed (a file, a store, the input).
    public static let failure = ExitCode(1)
    /// 2: the command line was wrong (unknown option, missing argument).
    public static let usage = ExitCode(2)

    public var description: String { String(rawValue) }
}
