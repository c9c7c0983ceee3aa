import ArchiveTestSupport
import CodingCore
import Foundation
import Testing

/// What AtomicFile does when the destination is a symbolic link or not a regular file.
@Suite("AtomicFile: symbolic links and special files")
struct AtomicFileDestinationTests {
    private let manager = FileManager.default

    private func contents(of url: URL) throws -> String {
        String(decoding: try FileContents.read(from: url), as: UTF8.self)
    }

    @Test("a dangling link creates the file it names, in the target's folder, and stays a link")
    func danglingLink() throws {
        let folder = try TemporaryDirectory()
        let links = folder.file("links"), targets = folder.file("targets")
        try manager.createDirectory(at: links, withIntermediateDirectories: false)
        try manager.createDirectory(at: targets, withIntermediateDirectories: false)
        let link = links.appendingPathComponent("notes.txt")
        let target = targets.appendingPathComponent("real.txt")
        try manager.createSymbolicLink(atPath: link.path, withDestinationPath: "../targets/real.txt")

        var temporariesDuringWrite: [String] = []
        try AtomicFile.write(to: link) { output in
            try output.write(Data("created".utf8))
            temporariesDuringWrite = try SpecialFiles.entryNames(in: targets) + SpecialFiles.entryNames(in: links)
        }
        #expect(try contents(of: target) == "created")
        #expect(try SpecialFiles.fileType(at: link) == S_IFLNK)
        #expect(try manager.destinationOfSymbolicLink(atPath: link.path) == "../targets/real.txt")
        // The temporary file sat beside the target, so the rename replaced the target, not the link.
        #expect(temporariesDuringWrite.count == 2)
        #expect(temporariesDuringWrite.contains { $0.hasPrefix(".real.txt.tmp-") })
        #expect(try SpecialFiles.entryNames(in: targets) == ["real.txt"])
        #expect(try SpecialFiles.entryNames(in: links) == ["notes.txt"])
    }

    @Test("a chain of links, relative and absolute, is followed to the regular file, whose mode is kept")
    func chainOfLinks() throws {
        let folder = try TemporaryDirectory()
        let real = folder.file("real.txt"), middle = folder.file("middle"), first = folder.file("first")
        try AtomicFile.write(Data("old".utf8), to: real, permissions: 0o640)
        try manager.createSymbolicLink(atPath: middle.path, withDestinationPath: real.path)
        try manager.createSymbolicLink(atPath: first.path, withDestinationPath: "middle")
        try AtomicFile.write(Data("new".utf8), to: first)
        #expect(try contents(of: real) == "new")
        #expect(try manager.attributesOfItem(atPath: real.path)[.posixPermissions] as? Int == 0o640)
        #expect(try SpecialFiles.fileType(at: first) == S_IFLNK)
        #expect(try SpecialFiles.fileType(at: middle) == S_IFLNK)
        #expect(try SpecialFiles.entryNames(in: folder.url) == ["first", "middle", "real.txt"])
    }

    @Test("links that loop, or chain more than 40 deep, are ELOOP and nothing is written")
    func linkLoops() throws {
        let folder = try TemporaryDirectory()
        let a = folder.file("a"), b = folder.file("b")
        try manager.createSymbolicLink(atPath: a.path, withDestinationPath: "b")
        try manager.createSymbolicLink(atPath: b.path, withDestinationPath: "a")
        let error = #expect(throws: AtomicFileError.self) { try AtomicFile.write(Data("x".utf8), to: a) }
        #expect(error?.code == ELOOP)
        #expect(error?.step == .resolveDestination)
        #expect(error?.description.contains("symbolic links") == true)

        // 41 links in a row: one more than the system follows.
        for index in 0..<41 {
            try manager.createSymbolicLink(
                atPath: folder.file("chain\(index)").path, withDestinationPath: "chain\(index + 1)")
        }
        let deep = #expect(throws: AtomicFileError.self) {
            try AtomicFile.write(Data("x".utf8), to: folder.file("chain0"))
        }
        #expect(deep?.code == ELOOP)
        #expect(!manager.fileExists(atPath: folder.file("chain41").path))
        // 40 are followed: the file at the end is created.
        try AtomicFile.write(Data("end".utf8), to: folder.file("chain1"))
        #expect(try contents(of: folder.file("chain41")) == "end")
        #expect(try SpecialFiles.entryNames(in: folder.url).filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test("a named pipe or a socket is never replaced: an error names the path and what is there")
    func specialFiles() throws {
        let folder = try TemporaryDirectory()
        let pipe = folder.file("pipe"), socket = folder.file("socket"), link = folder.file("to-pipe")
        try SpecialFiles.makeNamedPipe(at: pipe)
        try SpecialFiles.makeSocket(at: socket)
        try manager.createSymbolicLink(atPath: link.path, withDestinationPath: "pipe")
        for (url, type, expected) in [
            (pipe, AtomicFileError.FileType.namedPipe, S_IFIFO), (socket, .socket, S_IFSOCK),
            (link, .namedPipe, S_IFLNK),
        ] {
            let error = #expect(throws: AtomicFileError.self) { try AtomicFile.write(Data("x".utf8), to: url) }
            #expect(error?.existingFileType == type)
            #expect(error?.path == folder.file(type == .socket ? "socket" : "pipe").path)
            #expect(error?.errorDescription?.contains("\(type.rawValue), not a regular file") == true)
            #expect(error?.errorDescription?.contains("left untouched") == true)
            #expect(try SpecialFiles.fileType(at: url) == expected)
        }
        #expect(try SpecialFiles.fileType(at: pipe) == S_IFIFO)
        #expect(try SpecialFiles.entryNames(in: folder.url) == ["pipe", "socket", "to-pipe"])
    }

    @Test("a link to a folder is refused like the folder itself")
    func linkToFolder() throws {
        let folder = try TemporaryDirectory()
        let inner = folder.file("inner"), link = folder.file("link")
        try manager.createDirectory(at: inner, withIntermediateDirectories: false)
        try manager.createSymbolicLink(atPath: link.path, withDestinationPath: "inner")
        let error = #expect(throws: AtomicFileError.self) { try AtomicFile.write(Data("x".utf8), to: link) }
        #expect(error?.existingFileType == .folder)
        #expect(error?.code == EISDIR)
        #expect(try SpecialFiles.fileType(at: link) == S_IFLNK)
    }
}
