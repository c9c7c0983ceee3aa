import ArchiveTestSupport
import CodingCore
import Foundation
import Testing

/// Paths are bytes: a name that is not UTF-8 is written and read exactly, and a URL that lost
/// such a name's bytes is refused instead of naming another file.
@Suite("FileSystemPath: names that are not UTF-8")
struct FileSystemPathTests {
    /// "café.txt" in Latin-1: the é is the single byte 0xE9, which is not UTF-8.
    private static let latin1Name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".txt".utf8)

    @Test("on this platform a URL cannot hold a name that is not UTF-8: its bytes become U+FFFD")
    func urlLosesBytes() throws {
        let folder = try TemporaryDirectory()
        let bytes = Array(folder.url.path.utf8) + [0x2F] + Self.latin1Name
        let url = (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer {
            URL(fileURLWithFileSystemRepresentation: $0.baseAddress!, isDirectory: false, relativeTo: nil)
        }
        let spelled = url.withUnsafeFileSystemRepresentation { String(cString: $0!) }
        // Should Foundation start keeping the bytes, this test shows it and the refusal below can go.
        #expect(Array(spelled.utf8) != bytes)
        #expect(spelled.contains("\u{FFFD}"))
        #expect(FileSystemPath(url) == nil)

        // Writing or reading through such a URL is refused, and nothing is created anywhere.
        let write = #expect(throws: AtomicFileError.self) { try AtomicFile.write(Data("x".utf8), to: url) }
        #expect(write?.code == EILSEQ)
        #expect(write?.errorDescription?.contains("not UTF-8") == true)
        let read = #expect(throws: FileReadError.self) { try FileContents.readIfPresent(from: url) }
        #expect(read?.code == EILSEQ)
        #expect(try SpecialFiles.entryNames(in: folder.url).isEmpty)
    }

    @Test("a path of bytes writes and reads the file of exactly that name")
    func bytesRoundTrip() throws {
        let folder = try TemporaryDirectory()
        let folderPath = try #require(FileSystemPath(folder.url))
        let path = folderPath.appendingForTest(Self.latin1Name)
        try AtomicFile.write(Data("bonjour".utf8), to: path)
        #expect(try SpecialFiles.entryNames(in: folderPath) == [Self.latin1Name])
        #expect(try FileContents.read(from: path) == Data("bonjour".utf8))
        // Replaced in place, with no temporary file left.
        try AtomicFile.write(Data("salut".utf8), to: path, permissions: 0o600)
        #expect(try FileContents.readIfPresent(from: path) == Data("salut".utf8))
        #expect(try SpecialFiles.entryNames(in: folderPath) == [Self.latin1Name])
        #expect(path.url == nil)
        #expect(path.description.hasSuffix("caf\\xE9.txt"))
    }

    @Test("UTF-8 paths convert both ways; empty bytes and NUL are no path")
    func conversions() throws {
        let url = URL(fileURLWithPath: "/tmp/日本語/notes.txt")
        let path = try #require(FileSystemPath(url))
        #expect(path.bytes == Array("/tmp/日本語/notes.txt".utf8))
        #expect(path.url == url)
        #expect(path.description == "/tmp/日本語/notes.txt")
        #expect(FileSystemPath(bytes: []) == nil)
        #expect(FileSystemPath(bytes: Array("a\0b".utf8)) == nil)
    }
}

extension FileSystemPath {
    /// `name` appended after a `/` (tests build paths from raw bytes).
    fileprivate func appendingForTest(_ name: [UInt8]) -> FileSystemPath {
        FileSystemPath(bytes: bytes + [0x2F] + name)!
    }
}
