import Foundation

/// A path as the bytes the system takes: exact for every name, including names that are not
/// UTF-8.
///
/// On Linux a path is any bytes but NUL, while Foundation's `URL` holds text: it replaces bytes
/// that are not UTF-8 with U+FFFD, so a `URL` made for such a name names another file.
/// ``AtomicFile`` and ``FileContents`` take a `FileSystemPath` as well as a `URL`, and refuse a
/// `URL` whose path holds U+FFFD rather than write or read that other file.
///
/// ```swift
/// let path = FileSystemPath(bytes: Array("/tmp/caf".utf8) + [0xE9])!   // Latin-1 "café"
/// try AtomicFile.write(Data("hello".utf8), to: path)
/// ```
public struct FileSystemPath: Hashable, Sendable, CustomStringConvertible {
    /// The path's bytes, without a terminating NUL.
    public let bytes: [UInt8]

    /// The path made of `bytes`; `nil` when they are empty or hold a NUL byte, which no path can.
    public init?(bytes: some Sequence<UInt8>) {
        let bytes = Array(bytes)
        guard !bytes.isEmpty, !bytes.contains(0) else { return nil }
        self.bytes = bytes
    }

    /// The path of the file URL `url`, as its file-system representation; `nil` when there is
    /// none, or when it holds U+FFFD: the character Foundation puts where a name's bytes were not
    /// UTF-8, so that the URL no longer names the file it was made for.
    public init?(_ url: URL) {
        let bytes: [UInt8]? = url.withUnsafeFileSystemRepresentation { pointer in
            guard let pointer else { return nil }
            // Foundation hands a NUL-terminated string, valid for the closure's duration.
            return Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
        }
        guard let bytes, !Self.containsReplacementCharacter(bytes) else { return nil }
        self.init(bytes: bytes)
    }

    /// Why ``init(_:)-(URL)`` gave no path for `url`, as an `errno` value: `EILSEQ` when its path
    /// holds U+FFFD, else `EINVAL` (not a file URL, or no path).
    package static func refusal(of url: URL) -> Int32 {
        url.path.contains("\u{FFFD}") ? EILSEQ : EINVAL
    }

    /// The path as a file URL, or `nil` when its bytes are not UTF-8 (a URL cannot hold them).
    public var url: URL? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        return URL(fileURLWithPath: text)
    }

    /// The path as text: UTF-8 as it is, every byte that is not UTF-8 as `\xNN`.
    public var description: String {
        var text = ""
        var offset = 0
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(encoded):
                text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case let .error(length):
                for byte in bytes[offset..<offset + length] { text += "\\x" + String(byte, radix: 16, uppercase: true) }
                offset += length
            case .emptyInput:
                return text
            }
        }
    }

    /// The folder holding the last component (`.` for a bare name, `/` at the root).
    package var folder: FileSystemPath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return FileSystemPath(checked: [0x2E]) }
        return FileSystemPath(checked: slash == 0 ? [0x2F] : Array(bytes[..<slash]))
    }

    /// The last component: what follows the last `/` (empty when the path ends with one).
    package var name: [UInt8] {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return bytes }
        return Array(bytes[(slash + 1)...])
    }

    /// `component` (which holds no NUL) appended after a `/`.
    package func appending(_ component: [UInt8]) -> FileSystemPath {
        FileSystemPath(checked: bytes.last == UInt8(ascii: "/") ? bytes + component : bytes + [0x2F] + component)
    }

    /// `target`, a symbolic link's contents, resolved against this path's folder.
    package func resolving(linkTarget target: [UInt8]) -> FileSystemPath? {
        guard FileSystemPath(bytes: target) != nil else { return nil }
        return target.first == UInt8(ascii: "/") ? FileSystemPath(checked: target) : folder.appending(target)
    }

    /// Calls `body` with the path as a NUL-terminated C string.
    package func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        let cString = bytes.map { CChar(bitPattern: $0) } + [0]
        return try body(cString)
    }

    /// For bytes already known to be a valid path (non-empty, no NUL).
    private init(checked bytes: [UInt8]) {
        self.bytes = bytes
    }

    private static func containsReplacementCharacter(_ bytes: [UInt8]) -> Bool {
        bytes.indices.dropLast(2).contains { bytes[$0] == 0xEF && bytes[$0 + 1] == 0xBF && bytes[$0 + 2] == 0xBD }
    }
}
