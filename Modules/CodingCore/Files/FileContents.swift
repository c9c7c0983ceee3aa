import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole-file reads, bounded in size, whose errors name the file and the system's reason: the
/// reading side of ``AtomicFile``.
///
/// `Data(contentsOf:)` reads a file of any size whole (a 1 GiB file costs 1 GiB of memory before
/// a decoder can refuse it), reports a folder, or a file where a folder should be, as "error 256"
/// on Linux, and cannot tell a missing file from one it may not read without inspecting the
/// error. These functions check the size with `fstat` before reading (by default against
/// ``ArchiveLimits/defaultMaximumFileSize``), say what failed in `errno` terms through
/// ``FileReadError``, and ``readIfPresent(from:limit:)-(URL,_)`` answers `nil` only when there is
/// truly nothing at the path.
public enum FileContents {
    /// The bytes of the file at `url`.
    ///
    /// - Parameter limit: The most bytes the file may hold; a larger file is refused before
    ///   it is read. By default ``ArchiveLimits/defaultMaximumFileSize``; `nil` reads any size.
    /// - Throws: ``FileReadError`` naming the path: missing, a folder, not permitted, over
    ///   `limit`, or a failed read.
    public static func read(from url: URL, limit: Int? = ArchiveLimits.defaultMaximumFileSize) throws -> Data {
        guard let path = FileSystemPath(url) else {
            throw FileReadError(path: url.path, code: FileSystemPath.refusal(of: url))
        }
        return try read(from: path, limit: limit)
    }

    /// The bytes of the file at `path` (any bytes, UTF-8 or not), as ``read(from:limit:)-(URL,_)``.
    public static func read(
        from path: FileSystemPath, limit: Int? = ArchiveLimits.defaultMaximumFileSize
    ) throws -> Data {
        let shown = path.description
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw FileReadError(path: shown, code: errno) }
        defer { close(descriptor) }
        return try read(descriptor: descriptor, path: shown, limit: limit)
    }

    /// The bytes of the file at `url`, or `nil` when nothing is there: no such file, or a
    /// folder on the way is missing or is a file.
    ///
    /// A file that exists but cannot be read (no permission, a folder that may not be
    /// searched, over `limit`) is an error, not `nil`: a caller that would start afresh must
    /// not overwrite data it could not see.
    ///
    /// - Throws: ``FileReadError`` as ``read(from:limit:)-(URL,_)`` does.
    public static func readIfPresent(
        from url: URL, limit: Int? = ArchiveLimits.defaultMaximumFileSize
    ) throws -> Data? {
        guard let path = FileSystemPath(url) else {
            throw FileReadError(path: url.path, code: FileSystemPath.refusal(of: url))
        }
        return try readIfPresent(from: path, limit: limit)
    }

    /// The bytes of the file at `path`, or `nil` when nothing is there, as
    /// ``readIfPresent(from:limit:)-(URL,_)``.
    public static func readIfPresent(
        from path: FileSystemPath, limit: Int? = ArchiveLimits.defaultMaximumFileSize
    ) throws -> Data? {
        do {
            return try read(from: path, limit: limit)
        } catch let error as FileReadError where error.isMissingFile {
            return nil
        }
    }

    /// The bytes from `descriptor` to its end: a regular file's size sizes the buffer (and is
    /// checked against `limit` before anything is read), other kinds (pipes, terminals, `/proc`
    /// files) are read until they end or pass `limit`.
    ///
    /// - Parameter path: How errors name the source.
    package static func read(
        descriptor: Int32, path: String, limit: Int? = ArchiveLimits.defaultMaximumFileSize
    ) throws -> Data {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileReadError(path: path, code: errno) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw FileReadError(path: path, code: EISDIR) }
        let isRegular = (info.st_mode & S_IFMT) == S_IFREG
        let size = isRegular ? Int(info.st_size) : 0
        if let limit, size > limit { throw FileReadError(path: path, limit: limit, size: size) }

        // One more byte than expected shows a file that grew; it then goes on in chunks.
        var data = Data(count: isRegular ? size + 1 : 64 * 1024)
        var total = 0
        while true {
            if total == data.count {
                if let limit, total > limit { throw FileReadError(path: path, limit: limit) }
                // Never more than one byte past the limit, which is enough to see it passed.
                let grown = total + max(64 * 1024, total / 2)
                data.count = limit.map { min(grown, $0 == .max ? $0 : $0 + 1) } ?? grown
            }
            let count = data.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, UnsafeMutableRawBufferPointer(rebasing: buffer[total...]))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileReadError(path: path, code: errno)
            }
            if count == 0 { break }
            total += count
        }
        if let limit, total > limit { throw FileReadError(path: path, limit: limit) }
        data.count = total
        return data
    }
}

// `read` inside `FileContents` would otherwise name the methods themselves.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}
