import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Atomic, durable file writes: a file is either fully replaced or left exactly as it was.
///
/// The bytes go to a temporary file (`.<name>.tmp-XXXXXX`) in the destination's own folder,
/// which is flushed to disk (`fsync`), renamed over the destination in one step, and then the
/// folder itself is flushed so the rename survives a power cut. A failure at any step removes
/// the temporary file and leaves an existing destination untouched.
///
/// - A destination that is a symbolic link is written through: the file at the end of the
///   chain of links is replaced (its folder holds the temporary file), or created when the
///   link dangles; the link itself stays. More than 40 links in a row is `ELOOP`.
/// - Only regular files are replaced: a folder, a named pipe, a device or a socket at the
///   destination is refused with an ``AtomicFileError`` saying what is there.
/// - The writer holds an `flock` on its temporary file until the rename. A process killed
///   mid-write leaves its temporary file behind, unlocked; the next write of the same file
///   removes such leftovers, and never the temporary file of a writer that is still running.
/// - A new file gets `0o644`, an existing one keeps its mode, unless `permissions` is given.
///
/// CodingCore's article "Writing and reading files safely" tells the whole story.
public enum AtomicFile {
    /// Writes `data` to `url` atomically and durably.
    ///
    /// - Parameter permissions: the new file's mode bits; by default an existing file's mode
    ///   is kept and a new file gets `0o644`. Files holding secrets pass `0o600`.
    /// - Throws: ``AtomicFileError`` naming the path and the step that failed.
    public static func write(_ data: Data, to url: URL, permissions: UInt16? = nil) throws {
        try write(data, to: try path(of: url), permissions: permissions)
    }

    /// Writes `data` to the file at `path` (any bytes, UTF-8 or not) atomically and durably.
    public static func write(_ data: Data, to path: FileSystemPath, permissions: UInt16? = nil) throws {
        try write(to: path, permissions: permissions) { output in
            try output.write(data)
        }
    }

    /// Writes whatever `produce` hands to its ``Output`` to `url`, atomically and durably.
    ///
    /// If `produce` throws, its error is rethrown and the destination is left as it was.
    public static func write(
        to url: URL,
        permissions: UInt16? = nil,
        _ produce: (Output) throws -> Void
    ) throws {
        try write(to: try path(of: url), permissions: permissions, produce)
    }

    /// Writes whatever `produce` hands to its ``Output`` to the file at `path`, atomically and durably.
    public static func write(
        to path: FileSystemPath,
        permissions: UInt16? = nil,
        _ produce: (Output) throws -> Void
    ) throws {
        let destination = try AtomicFileDestination(resolving: path)
        let shown = destination.path.description
        let mode = mode_t(permissions ?? destination.existingMode ?? 0o644)

        TemporaryFile.removeStale(beside: destination.path)
        let temporary = try TemporaryFile(beside: destination.path)
        do {
            try produce(Output(descriptor: temporary.descriptor, path: shown))
            try check(fchmod(temporary.descriptor, mode), shown, .setPermissions)
            try check(fsync(temporary.descriptor), shown, .flush)
            let renamed = temporary.path.withCString { from in
                destination.path.withCString { to in rename(from, to) }
            }
            try check(renamed, shown, .replaceDestination)
        } catch {
            temporary.discard()
            throw error
        }
        // Closing releases the lock; the data is already flushed and in place.
        temporary.close()
        flushFolder(destination.path.folder)
    }

    /// Where the `produce` closure of a write sends bytes: the temporary file.
    public struct Output {
        fileprivate let descriptor: Int32
        fileprivate let path: String

        /// Appends `bytes` to the file.
        public func write(_ bytes: some DataProtocol) throws {
            for region in bytes.regions {
                try region.withUnsafeBytes { try write($0) }
            }
        }

        /// Appends the bytes of `buffer` to the file.
        public func write(_ buffer: UnsafeRawBufferPointer) throws {
            var remaining = buffer
            while !remaining.isEmpty {
                let written = systemWrite(descriptor, remaining.baseAddress, remaining.count)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw AtomicFileError(path: path, step: .writeTemporaryFile, code: errno)
                }
                remaining = UnsafeRawBufferPointer(rebasing: remaining[written...])
            }
        }
    }

    /// The bytes of `url`'s path, or an error when the URL cannot spell them (U+FFFD).
    private static func path(of url: URL) throws -> FileSystemPath {
        guard let path = FileSystemPath(url) else {
            throw AtomicFileError(path: url.path, step: .resolveDestination, code: FileSystemPath.refusal(of: url))
        }
        return path
    }

    private static func check(_ result: Int32, _ path: String, _ step: AtomicFileError.Step) throws {
        if result != 0 { throw AtomicFileError(path: path, step: step, code: errno) }
    }

    /// Makes the rename durable. Best effort: some file systems refuse `fsync` on folders,
    /// and by now the new file is already in place.
    private static func flushFolder(_ folder: FileSystemPath) {
        let descriptor = folder.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}

// `write` inside `Output` would otherwise name the method itself.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
