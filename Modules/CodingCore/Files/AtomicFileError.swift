import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An ``AtomicFile`` write that failed, with the destination, the step and the system's reason.
///
/// Whatever failed, an existing destination is left as it was and no temporary file is left.
public struct AtomicFileError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The steps of an atomic write, in order.
    public enum Step: String, Sendable {
        case resolveDestination = "finding the file the path names"
        case createTemporaryFile = "creating a temporary file beside it"
        case writeTemporaryFile = "writing the temporary file"
        case setPermissions = "setting the file's permissions"
        case flush = "flushing the temporary file to disk"
        case replaceDestination = "replacing the destination"
    }

    /// What is at a destination that is not a regular file, and so is never replaced.
    public enum FileType: String, Sendable {
        case folder = "a folder"
        case namedPipe = "a named pipe (FIFO)"
        case characterDevice = "a character device"
        case blockDevice = "a block device"
        case socket = "a socket"
        case other = "not a regular file"

        /// The type of a `stat` mode, or `nil` for a regular file or a symbolic link.
        init?(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFREG, S_IFLNK: return nil
            case S_IFDIR: self = .folder
            case S_IFIFO: self = .namedPipe
            case S_IFCHR: self = .characterDevice
            case S_IFBLK: self = .blockDevice
            case S_IFSOCK: self = .socket
            default: self = .other
            }
        }
    }

    /// The destination path that was being written (after following symbolic links).
    public let path: String
    /// The step that failed.
    public let step: Step
    /// The `errno` value the system reported; `EISDIR` for a folder and `EINVAL` for another
    /// file that is not regular (see ``existingFileType``), `ELOOP` for too many symbolic
    /// links, `EILSEQ` for a URL whose path holds U+FFFD (see ``FileSystemPath``).
    public let code: Int32
    /// What is at the destination when it is not a regular file; `nil` otherwise.
    public let existingFileType: FileType?

    /// A step that failed with `code`.
    public init(path: String, step: Step, code: Int32) {
        self.path = path
        self.step = step
        self.code = code
        existingFileType = nil
    }

    /// A destination that is not a regular file and was left as it was.
    public init(path: String, existingFileType: FileType) {
        self.path = path
        step = .replaceDestination
        code = existingFileType == .folder ? EISDIR : EINVAL
        self.existingFileType = existingFileType
    }

    /// What failed, where, and what to do about it.
    public var errorDescription: String? {
        switch existingFileType {
        case .folder:
            return "could not write '\(path)': it is a folder, which was left untouched; give the path of a "
                + "file (inside the folder, or beside it)"
        case let type?:
            return "could not write '\(path)': it is \(type.rawValue), not a regular file, and was left "
                + "untouched; write to a regular file's path, or remove it first if it should be replaced"
        case nil:
            var text = "could not write '\(path)': \(step.rawValue) failed: \(SystemError.describeWithAdvice(code))"
            if step == .createTemporaryFile, code == ENOENT || code == ENOTDIR {
                text += "; the folder it goes in does not exist: create it first"
            }
            return text
        }
    }

    public var description: String { errorDescription ?? "" }
}
