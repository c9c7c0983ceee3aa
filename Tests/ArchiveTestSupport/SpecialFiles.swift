import CodingCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files tests make with system calls: sparse files, named pipes, sockets, and folder listings
/// that keep names byte for byte.
public enum SpecialFiles {
    /// The byte size of the sparse file tests use to show that a read is refused before it
    /// starts: 1 TiB, which no test machine could read into memory.
    public static let hugeSize: Int64 = 1 << 40

    /// Makes a sparse file of `size` bytes at `url` (`ftruncate`): it takes no space and reads
    /// as zeros.
    public static func makeSparseFile(at url: URL, size: Int64) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("open", url.path) }
        defer { close(descriptor) }
        guard ftruncate(descriptor, off_t(size)) == 0 else { throw failure("ftruncate", url.path) }
    }

    /// Makes a named pipe (FIFO) at `url`.
    public static func makeNamedPipe(at url: URL) throws {
        guard mkfifo(url.path, 0o644) == 0 else { throw failure("mkfifo", url.path) }
    }

    /// Makes a Unix-domain socket file at `url` (bound, then closed; the file stays).
    public static func makeSocket(at url: URL) throws {
        #if canImport(Glibc)
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw failure("socket", url.path) }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(url.path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.count < capacity else { throw failure("bind (path too long)", url.path) }
        // The path is shorter than sun_path (checked above), so the copy ends inside it, NUL after.
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: path)
        }
        // sockaddr_un starts like sockaddr, as bind expects; its size is passed along.
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else { throw failure("bind", url.path) }
    }

    /// The names in the folder at `path`, byte for byte, without `.` and `..`, sorted.
    public static func entryNames(in path: FileSystemPath) throws -> [[UInt8]] {
        let folder = path.bytes.map { CChar(bitPattern: $0) } + [0]
        guard let directory = opendir(folder) else { throw failure("opendir", path.description) }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            // readdir's entry is valid until the next readdir; d_name is NUL-terminated within it.
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [0x2E], name != [0x2E, 0x2E] { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// The names in the folder at `url`, as text (for folders whose names are UTF-8).
    public static func entryNames(in url: URL) throws -> [String] {
        guard let path = FileSystemPath(url) else { throw failure("path", url.path) }
        return try entryNames(in: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The `stat` file type bits (`S_IFMT`) of what is at `url`, without following a link.
    public static func fileType(at url: URL) throws -> mode_t {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { throw failure("lstat", url.path) }
        return info.st_mode & S_IFMT
    }

    private static func failure(_ call: String, _ path: String) -> SpecialFileError {
        SpecialFileError(call: call, path: path, code: errno)
    }
}

/// A system call of ``SpecialFiles`` that failed.
public struct SpecialFileError: Error, CustomStringConvertible, LocalizedError {
    /// The system call.
    public let call: String
    /// The path it was given.
    public let path: String
    /// The `errno` value it set.
    public let code: Int32

    public var errorDescription: String? { "\(call) '\(path)' failed: \(String(cString: strerror(code)))" }

    public var description: String { errorDescription ?? "" }
}
