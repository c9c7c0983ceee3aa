import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive `flock` on a lock file, held around a read-modify-write so that processes (and
/// threads) changing the same data take turns and never lose each other's changes.
///
/// The lock file is an empty regular file that is never removed (removing it would let a late
/// process lock a new file while an early one still holds the old). `flock` locks belong to the
/// open file, so the system drops them when the holder closes the file or dies: a process
/// killed while it holds the lock never blocks the next one.
package enum FileLock {
    /// The lock file that guards updates of the file at `path`: `.<name>.lock` beside the file
    /// that `path` leads to through symbolic links, so that every link to one file shares its lock.
    ///
    /// - Throws: ``AtomicFileError`` when the chain of links loops or cannot be read.
    package static func lockFile(guarding path: FileSystemPath) throws -> FileSystemPath {
        let destination = try AtomicFileDestination(resolving: path).path
        return destination.folder.appending([0x2E] + destination.name + Array(".lock".utf8))
    }

    /// Waits for an exclusive lock on the lock file at `path` (created with `permissions` when
    /// missing), runs `body`, and releases the lock.
    ///
    /// - Parameter check: sees the opened lock file's `stat` before it is locked, to refuse it.
    /// - Throws: ``FileLockError`` when the file cannot be opened or locked (a symbolic link or
    ///   anything but a regular file at `path` is refused); `check`'s and `body`'s errors.
    package static func withExclusiveLock<Result>(
        on path: FileSystemPath,
        permissions: mode_t = 0o644,
        check: (stat) throws -> Void = { _ in },
        _ body: () throws -> Result
    ) throws -> Result {
        let descriptor = try acquire(path, permissions: permissions, check: check)
        defer { close(descriptor) }
        return try body()
    }

    /// Opens the lock file at `path` (creating it with `permissions`) and waits for an exclusive
    /// lock on it; closing the returned descriptor releases the lock.
    ///
    /// - Throws: as ``withExclusiveLock(on:permissions:check:_:)``.
    package static func acquire(
        _ path: FileSystemPath,
        permissions: mode_t = 0o644,
        check: (stat) throws -> Void = { _ in }
    ) throws -> Int32 {
        let shown = path.description
        // O_NOFOLLOW: a link put where the lock file belongs is refused (ELOOP); O_NONBLOCK: a
        // named pipe put there must not make the open wait (flock ignores the flag).
        let flags = O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC
        let descriptor = path.withCString { open($0, flags, permissions) }
        guard descriptor >= 0 else { throw FileLockError(path: shown, code: errno) }
        do {
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { throw FileLockError(path: shown, code: errno) }
            try check(info)
            guard (info.st_mode & S_IFMT) == S_IFREG else { throw FileLockError(path: shown, code: EINVAL) }
            while flock(descriptor, LOCK_EX) != 0 {
                if errno == EINTR { continue }
                throw FileLockError(path: shown, code: errno)
            }
        } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }
}
