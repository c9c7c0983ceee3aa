import Foundation

/// A lock file that could not be opened or locked, with its path and the system's reason.
///
/// A locked update (BaseModelKit's `update`, for one) throws it before reading or writing
/// anything, so the data it would have changed is left as it was.
public struct FileLockError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The lock file's path.
    public let path: String
    /// The `errno` value the system reported: `ELOOP` for a symbolic link where the lock file
    /// belongs, `EINVAL` for something there that is not a regular file.
    public let code: Int32

    /// A lock file at `path` that failed with `code`.
    public init(path: String, code: Int32) {
        self.path = path
        self.code = code
    }

    /// What failed, where, and what to do about it.
    public var errorDescription: String? {
        "could not lock '\(path)' for an update (the data was not changed): \(SystemError.describeWithAdvice(code))"
    }

    public var description: String { errorDescription ?? "" }
}
