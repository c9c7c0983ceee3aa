import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A ``FileContents`` read that failed, with the path and the system's reason.
public struct FileReadError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The path that was being read.
    public let path: String
    /// The `errno` value the system reported (`EISDIR` for a folder, `EFBIG` for a file over
    /// the limit, `EILSEQ` for a URL whose path holds U+FFFD, see ``FileSystemPath``).
    public let code: Int32
    /// The byte limit the file went over, when that is the problem.
    public let limit: Int?
    /// The file's size when it went over ``limit`` and the system knew it before reading.
    public let size: Int?

    /// A failure the system reported as `code`.
    public init(path: String, code: Int32) {
        self.path = path
        self.code = code
        limit = nil
        size = nil
    }

    /// A file larger than `limit` bytes (`size` bytes, when known).
    public init(path: String, limit: Int, size: Int? = nil) {
        self.path = path
        code = EFBIG
        self.limit = limit
        self.size = size
    }

    /// Whether nothing is at the path: no such file, or a folder on the way is missing or is
    /// a file. A file that exists but may not be read is not missing.
    public var isMissingFile: Bool { limit == nil && (code == ENOENT || code == ENOTDIR) }

    /// Why the read failed, without the path, with what to do where there is general advice
    /// ("Permission denied (errno 13); check the permissions of …").
    public var reason: String {
        guard let limit else { return SystemError.describeWithAdvice(code) }
        guard let size else { return "it holds more than the limit of \(limit) bytes" }
        return "it is \(size) bytes, more than the limit of \(limit) bytes"
    }

    /// What failed, where, and what to do about it.
    public var errorDescription: String? {
        var text = "could not read '\(path)': \(reason)"
        if limit != nil { text += "; it was not read. If the file is genuine, read it with a larger `limit`" }
        return text
    }

    public var description: String { errorDescription ?? "" }
}
