import Foundation

/// A ``ChildProcess`` that could not be started, or did not end in time.
public enum ChildProcessError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `posix_spawn` refused to start `executable`, for the system's `reason`.
    case cannotStart(executable: String, reason: String)
    /// `executable` was still running after `seconds` and was killed.
    case timedOut(executable: String, seconds: TimeInterval)

    public var description: String {
        switch self {
        case let .cannotStart(executable, reason):
            "cannot start '\(executable)': \(reason)"
        case let .timedOut(executable, seconds):
            "'\(executable)' did not finish within \(Int(seconds)) s and was killed"
        }
    }
}
