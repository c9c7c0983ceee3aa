#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A ``FileContents`` read that failed, with the path and the system's reason.
public struct FileReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path that was being read.
    public let path: String
    /// The `errno` value the system reported (`EISDIR` for a folder, `EFBIG` for a file over
    /// the limit).
    public let code: Int32
    /// The byte limit the file went over, when that is the problem.
    public let limit: Int?

    /// A failure the system reported as `code`.
    public init(path: String, code: Int32) {
        self.path = path
        self.code = code
        limit = nil
    }

    /// A file larger than `limit` bytes.
    public init(path: String, limit: Int) {
        self.path = path
        code = EFBIG
        self.limit = limit
    }

    /// Whether nothing is at the path: no such file, or a folder on the way is missing or is
    /// a file. A file that exists but may not be read is not missing.
    public var isMissingFile: Bool { limit == nil && (code == ENOENT || code == ENOTDIR) }

    /// Why the read failed, without the path ("Permission denied (errno 13)").
    public var reason: String {
        if let limit { return "it holds more than the limit of \(limit) bytes" }
        return SystemError.describe(code)
    }

    public var description: String { "could not read '\(path)': \(reason)" }
}
