import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The checks every file the store touches goes through: no symbolic links, regular files
/// only, and nothing group or others can read or write (files 0600, the folder 0700).
/// Checks run on the opened descriptor, so a file swapped between check and use is caught.
enum PrivateFiles {
    /// Makes sure `folder` exists (creating it 0700) and is private.
    static func prepareFolder(_ folder: URL) throws {
        do {
            try Folder.create(at: folder, mode: 0o700)
        } catch {
            throw KeychainStoreError.fileSystem(path: error.path, operation: "creating the folder", code: error.code)
        }
        try checkFolder(folder)
    }

    /// Whether `folder` exists; throws when it exists but is not private.
    @discardableResult
    static func checkFolder(_ folder: URL) throws -> Bool {
        let path = try systemPath(folder)
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else {
            if errno == ENOENT { return false }
            throw KeychainStoreError.fileSystem(path: folder.path, operation: "examining the folder", code: errno)
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw KeychainStoreError.fileSystem(path: folder.path, operation: "using the folder", code: ENOTDIR)
        }
        if info.st_mode & 0o077 != 0 {
            throw KeychainStoreError.insecurePermissions(
                path: folder.path, mode: UInt16(info.st_mode & 0o7777), isDirectory: true)
        }
        return true
    }

    /// The contents of the private file at `url`, or `nil` when there is none.
    static func read(_ url: URL, limit: Int) throws -> Data? {
        let path = url.path
        let descriptor = try systemPath(url).withCString { open($0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw error(opening: path, code: errno)
        }
        defer { close(descriptor) }
        let size = try checkDescriptor(descriptor, path: path)
        guard size <= limit else { throw KeychainStoreError.fileTooLarge(path: path, size: size, limit: limit) }
        do {
            return try FileContents.read(descriptor: descriptor, path: path, limit: limit)
        } catch let error as FileReadError {
            // Over the limit here (EFBIG) means the file grew after it was checked.
            throw KeychainStoreError.fileSystem(path: path, operation: "reading", code: error.code)
        }
    }

    /// Opens (creating 0600 if needed) the lock file at `url` and waits for an exclusive
    /// `flock` on it (CodingCore's `FileLock`, the lock BaseModelKit's updates take too). Close
    /// the returned descriptor to release the lock.
    static func lock(_ url: URL) throws -> Int32 {
        let path = url.path
        do {
            return try FileLock.acquire(try systemPath(url), permissions: 0o600) { try check($0, path: path) }
        } catch let error as FileLockError {
            if error.code == ELOOP || error.code == EMLINK { throw KeychainStoreError.symbolicLink(path: path) }
            throw KeychainStoreError.fileSystem(path: path, operation: "locking", code: error.code)
        }
    }

    /// Throws unless `url` is absent or a private regular file (used before replacing it).
    static func checkReplaceable(_ url: URL) throws {
        var info = stat()
        guard try systemPath(url).withCString({ lstat($0, &info) }) == 0 else {
            if errno == ENOENT { return }
            throw KeychainStoreError.fileSystem(path: url.path, operation: "examining", code: errno)
        }
        try check(info, path: url.path)
    }

    /// The file's size after checking it is a private regular file.
    private static func checkDescriptor(_ descriptor: Int32, path: String) throws -> Int {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw KeychainStoreError.fileSystem(path: path, operation: "examining", code: errno)
        }
        try check(info, path: path)
        return Int(info.st_size)
    }

    private static func check(_ info: stat, path: String) throws {
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK: throw KeychainStoreError.symbolicLink(path: path)
        default: throw KeychainStoreError.notRegularFile(path: path)
        }
        if info.st_mode & 0o077 != 0 {
            throw KeychainStoreError.insecurePermissions(
                path: path, mode: UInt16(info.st_mode & 0o7777), isDirectory: false)
        }
    }

    /// The bytes of `url`'s path; a URL that cannot spell them (U+FFFD, see CodingCore's
    /// `FileSystemPath`) is refused rather than used to reach another file.
    static func systemPath(_ url: URL) throws -> FileSystemPath {
        guard let path = FileSystemPath(url) else {
            throw KeychainStoreError.fileSystem(
                path: url.path, operation: "spelling the path", code: FileSystemPath.refusal(of: url))
        }
        return path
    }

    private static func error(opening path: String, code: Int32) -> KeychainStoreError {
        if code == ELOOP || code == EMLINK { return .symbolicLink(path: path) }
        return .fileSystem(path: path, operation: "opening", code: code)
    }
}
