#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary file of one ``AtomicFile`` write, `.<name>.tmp-XXXXXX` beside the destination,
/// locked with `flock` from its creation until it is renamed or removed; and the removal of
/// those that writers killed mid-write left behind.
///
/// The lock tells the two apart: the system drops a process's locks when it dies, so a
/// temporary file whose lock can be taken at once belongs to nobody. Eight processes saving
/// the same file at once each keep theirs.
struct TemporaryFile {
    /// How many times a temporary file removed by a cleaner before it was locked is made again.
    private static let attempts = 8

    /// The temporary file's path.
    let path: FileSystemPath
    /// The open, locked file.
    let descriptor: Int32

    /// Creates and locks a new temporary file in the folder of `destination`.
    ///
    /// - Throws: ``AtomicFileError`` (`createTemporaryFile`) naming the destination.
    init(beside destination: FileSystemPath) throws {
        let template = destination.folder.appending(Self.namePrefix(for: destination) + Array("XXXXXX".utf8)).bytes
        for _ in 0..<Self.attempts {
            var name = template.map { CChar(bitPattern: $0) } + [0]
            let descriptor = mkstemp(&name)
            guard descriptor >= 0 else {
                throw AtomicFileError(path: destination.description, step: .createTemporaryFile, code: errno)
            }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            let bytes = name.dropLast().map { UInt8(bitPattern: $0) }
            // mkstemp made a non-empty name without NUL from the template.
            guard let path = FileSystemPath(bytes: bytes) else {
                closeDescriptor(descriptor)
                throw AtomicFileError(path: destination.description, step: .createTemporaryFile, code: EINVAL)
            }
            // A file system without flock keeps the write working; cleaners then leave the file alone.
            while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
            // A cleaner may have taken the lock between mkstemp and flock, and removed the file.
            if Self.isStillNamed(path, descriptor: descriptor) {
                self.path = path
                self.descriptor = descriptor
                return
            }
            closeDescriptor(descriptor)
        }
        throw AtomicFileError(path: destination.description, step: .createTemporaryFile, code: EAGAIN)
    }

    /// Removes the temporary file and closes it (the lock is held until it is gone).
    func discard() {
        _ = path.withCString { unlink($0) }
        closeDescriptor(descriptor)
    }

    /// Closes the file, releasing the lock.
    func close() {
        closeDescriptor(descriptor)
    }

    /// Removes the temporary files of `destination` that no running writer holds. Best effort:
    /// what cannot be listed, opened or locked is left.
    static func removeStale(beside destination: FileSystemPath) {
        let prefix = namePrefix(for: destination)
        guard let folder = destination.folder.withCString({ opendir($0) }) else { return }
        var names: [[UInt8]] = []
        while let entry = readdir(folder) {
            // readdir's entry is valid until the next readdir; d_name is NUL-terminated within it.
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name.count == prefix.count + 6, name.starts(with: prefix) { names.append(name) }
        }
        closedir(folder)
        for name in names {
            removeIfAbandoned(destination.folder.appending(name))
        }
    }

    /// `.<name>.tmp-`: how the name of every temporary file of `destination` starts.
    private static func namePrefix(for destination: FileSystemPath) -> [UInt8] {
        [0x2E] + destination.name + Array(".tmp-".utf8)
    }

    private static func removeIfAbandoned(_ path: FileSystemPath) {
        // O_NONBLOCK: opening a named pipe put there must not wait for a writer.
        let descriptor = path.withCString { open($0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { return }
        defer { closeDescriptor(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
        // A running writer holds its lock until it has renamed the file; a dead one's lock is gone.
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return }
        if isStillNamed(path, descriptor: descriptor) {
            _ = path.withCString { unlink($0) }
        }
    }

    /// Whether `path` still names the file open as `descriptor`.
    private static func isStillNamed(_ path: FileSystemPath, descriptor: Int32) -> Bool {
        var opened = stat()
        var named = stat()
        guard fstat(descriptor, &opened) == 0, path.withCString({ lstat($0, &named) }) == 0 else { return false }
        return opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
    }
}

// `close` inside `TemporaryFile` would otherwise name the method itself.
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
