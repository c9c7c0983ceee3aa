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
/// The bytes go to a temporary file in the destination's own folder, which is flushed to
/// disk (`fsync`), renamed over the destination in one step, and then the folder itself is
/// flushed so the rename survives a power cut. A failure at any step removes the temporary
/// file and leaves an existing destination untouched. A destination that is a symbolic link
/// is written through: the file it points at is replaced.
public enum AtomicFile {
    /// Writes `data` to `url` atomically and durably.
    ///
    /// - Parameter permissions: the new file's mode bits; by default an existing file's mode
    ///   is kept and a new file gets `0o644`. Secret stores pass `0o600`.
    /// - Throws: ``AtomicFileError`` naming the path and the step that failed.
    public static func write(_ data: Data, to url: URL, permissions: UInt16? = nil) throws {
        try write(to: url, permissions: permissions) { output in
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
        let destination = url.resolvingSymlinksInPath().path
        let folder = (destination as NSString).deletingLastPathComponent
        let name = (destination as NSString).lastPathComponent

        var existing = stat()
        let exists = stat(destination, &existing) == 0
        if exists, (existing.st_mode & S_IFMT) == S_IFDIR {
            throw AtomicFileError(path: destination, step: .replaceDestination, code: EISDIR)
        }
        let mode = mode_t(permissions ?? (exists ? UInt16(existing.st_mode & 0o7777) : 0o644))

        var template = Array("\(folder)/.\(name).tmp-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else {
            throw AtomicFileError(path: destination, step: .createTemporaryFile, code: errno)
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var isOpen = true
        do {
            try produce(Output(descriptor: descriptor, path: destination))
            try check(fchmod(descriptor, mode), destination, .setPermissions)
            try check(fsync(descriptor), destination, .flush)
            isOpen = false
            try check(close(descriptor), destination, .flush)
            try check(rename(temporary, destination), destination, .replaceDestination)
        } catch {
            if isOpen { close(descriptor) }
            unlink(temporary)
            throw error
        }
        flushFolder(folder)
    }

    /// Where ``AtomicFile/write(to:permissions:_:)`` sends bytes: the temporary file.
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

    private static func check(_ result: Int32, _ path: String, _ step: AtomicFileError.Step) throws {
        if result != 0 { throw AtomicFileError(path: path, step: step, code: errno) }
    }

    /// Makes the rename durable. Best effort: some file systems refuse `fsync` on folders,
    /// and by now the new file is already in place.
    private static func flushFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}

// `write` inside `Output` would otherwise name the method itself.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// An ``AtomicFile`` write that failed, with the destination, the step and the system's reason.
public struct AtomicFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The steps of an atomic write, in order.
    public enum Step: String, Sendable {
        case createTemporaryFile = "creating a temporary file beside it"
        case writeTemporaryFile = "writing the temporary file"
        case setPermissions = "setting the file's permissions"
        case flush = "flushing the temporary file to disk"
        case replaceDestination = "replacing the destination"
    }

    /// The destination path that was being written.
    public let path: String
    /// The step that failed.
    public let step: Step
    /// The `errno` value the system reported.
    public let code: Int32

    public var description: String {
        "could not write '\(path)': \(step.rawValue) failed: \(SystemError.describe(code))"
    }
}
