#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file an ``AtomicFile`` write replaces or creates: the path asked for, or the end of the
/// chain of symbolic links starting there.
///
/// `resolvingSymlinksInPath()` leaves a dangling link as it is, so renaming over it replaced the
/// link with a regular file. Here every link is read with `readlink`, so a dangling one leads
/// to the (missing) file it names, which the write then creates.
struct AtomicFileDestination {
    /// The most symbolic links followed in a row, as the system does (`MAXSYMLINKS`).
    static let maximumLinks = 40

    /// The regular file to replace, or the name to create.
    let path: FileSystemPath
    /// The permission bits of the file being replaced; `nil` when there is none yet.
    let existingMode: UInt16?

    /// Follows `path` through symbolic links to a regular file or to nothing.
    ///
    /// - Throws: ``AtomicFileError`` for a folder, a special file, or `ELOOP`.
    init(resolving path: FileSystemPath) throws {
        var current = path
        for _ in 0...Self.maximumLinks {
            var info = stat()
            // Missing, or not reachable: creating the temporary file reports why.
            guard current.withCString({ lstat($0, &info) }) == 0 else {
                // A path ending in `/` names a folder, which a file cannot replace.
                guard !current.name.isEmpty else {
                    throw AtomicFileError(path: current.description, existingFileType: .folder)
                }
                self.init(path: current, existingMode: nil)
                return
            }
            if (info.st_mode & S_IFMT) == S_IFLNK {
                let target = try Self.linkTarget(of: current)
                guard let next = current.resolving(linkTarget: target) else {
                    // An empty link names nothing (the system says ENOENT when following one).
                    throw AtomicFileError(path: current.description, step: .resolveDestination, code: ENOENT)
                }
                current = next
                continue
            }
            if let type = AtomicFileError.FileType(mode: info.st_mode) {
                throw AtomicFileError(path: current.description, existingFileType: type)
            }
            self.init(path: current, existingMode: UInt16(info.st_mode & 0o7777))
            return
        }
        throw AtomicFileError(path: path.description, step: .resolveDestination, code: ELOOP)
    }

    private init(path: FileSystemPath, existingMode: UInt16?) {
        self.path = path
        self.existingMode = existingMode
    }

    /// The contents of the symbolic link at `path`.
    private static func linkTarget(of path: FileSystemPath) throws -> [UInt8] {
        let capacity = Int(PATH_MAX) + 1
        var buffer = [CChar](repeating: 0, count: capacity)
        let count = path.withCString { readlink($0, &buffer, capacity) }
        guard count >= 0 else {
            throw AtomicFileError(path: path.description, step: .resolveDestination, code: errno)
        }
        guard count < capacity else {
            throw AtomicFileError(path: path.description, step: .resolveDestination, code: ENAMETOOLONG)
        }
        return buffer[..<count].map { UInt8(bitPattern: $0) }
    }
}
