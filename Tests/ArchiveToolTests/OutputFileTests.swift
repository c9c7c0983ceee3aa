import ArchiveTestSupport
import Foundation
import Testing

/// Where `convert -o` writes, and which names archive-tool opens: special files are never
/// replaced, links are written through, and names that are not UTF-8 are used byte for byte.
@Suite("archive-tool: output files and file names")
struct OutputFileTests {
    private static let source = Data(#"{"$class": "Note", "text": "hi"}"#.utf8)

    @Test("-o onto a named pipe is refused, naming it; the pipe stays a pipe")
    func namedPipe() throws {
        let folder = try TemporaryDirectory()
        let input = folder.file("note.json"), pipe = folder.file("pipe")
        try Self.source.write(to: input)
        try SpecialFiles.makeNamedPipe(at: pipe)
        let result = try ArchiveToolRun.run(["convert", input.path, "--to", "fastcoding", "-o", pipe.path])
        let line = ArchiveToolRun.expectCleanFailure(result, "convert -o pipe")
        #expect(line.contains("'\(pipe.path)'"), "\(line)")
        #expect(line.contains("a named pipe (FIFO), not a regular file"), "\(line)")
        #expect(try SpecialFiles.fileType(at: pipe) == S_IFIFO)
        #expect(try SpecialFiles.entryNames(in: folder.url) == ["note.json", "pipe"])
    }

    @Test("-o through a dangling link creates the file it names and keeps the link")
    func danglingLink() throws {
        let folder = try TemporaryDirectory()
        let input = folder.file("note.json"), link = folder.file("latest.fast")
        try Self.source.write(to: input)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "archive/note.fast")
        try FileManager.default.createDirectory(at: folder.file("archive"), withIntermediateDirectories: false)
        let result = try ArchiveToolRun.run(["convert", input.path, "--to", "fastcoding", "-o", link.path])
        try #require(result.status == 0, "\(result.errorOutput)")
        #expect(try SpecialFiles.fileType(at: link) == S_IFLNK)
        let written = try FileContents.read(from: folder.file("archive/note.fast"))
        #expect(written.starts(with: Array("TSAF".utf8)))
    }

    @Test("file names that are not UTF-8 are read and written byte for byte, and shown as \\xNN")
    func nonUTF8Names() throws {
        let folder = try TemporaryDirectory()
        let folderBytes = try #require(FileSystemPath(folder.url)).bytes
        // "entrée.json" and "sortie-é.fast" in Latin-1: é is the single byte 0xE9.
        let input = try #require(
            FileSystemPath(bytes: folderBytes + Array("/entr".utf8) + [0xE9, 0x65] + Array(".json".utf8)))
        try AtomicFile.write(Self.source, to: input)
        let tool = try BuiltExecutable("archive-tool")
        // The shell passes the byte 0xE9 in the arguments as it is.
        let script =
            #"exec "$1" convert "$2/entr$(printf '\351')e.json" --to fastcoding -o "$2/sortie-$(printf '\351').fast""#
        let converted = try ChildProcess.run("/bin/sh", ["-c", script, "sh", tool.url.path, folder.url.path])
        try #require(converted.status == 0, "\(converted.errorOutput)")
        let outputName = Array("sortie-".utf8) + [0xE9] + Array(".fast".utf8)
        #expect(try SpecialFiles.entryNames(in: FileSystemPath(bytes: folderBytes)!).contains(outputName))
        let output = try #require(FileSystemPath(bytes: folderBytes + [0x2F] + outputName))
        #expect(try FileContents.read(from: output).starts(with: Array("TSAF".utf8)))

        let inspect = #"exec "$1" inspect "$2/entr$(printf '\351')e.json""#
        let inspected = try ChildProcess.run("/bin/sh", ["-c", inspect, "sh", tool.url.path, folder.url.path])
        #expect(inspected.status == 0, "\(inspected.errorOutput)")
        #expect(inspected.output.contains("text: \"hi\""))

        let missing = #"exec "$1" inspect "$2/absent$(printf '\351').json""#
        let failed = try ChildProcess.run("/bin/sh", ["-c", missing, "sh", tool.url.path, folder.url.path])
        let line = ArchiveToolRun.expectCleanFailure(failed, "inspect a missing non-UTF-8 name")
        #expect(line.contains("absent\\xE9.json"), "\(line)")
    }
}
