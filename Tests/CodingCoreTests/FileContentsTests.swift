import ArchiveTestSupport
import CodingCore
import Foundation
import Testing

@Suite("FileContents: whole-file reads that say why they failed")
struct FileContentsTests {
    @Test("reads a file's bytes, an empty file as empty data, and a file larger than one read")
    func readsFiles() throws {
        let folder = try TemporaryDirectory()
        let small = folder.file("small"), empty = folder.file("empty"), large = folder.file("large")
        try Data("hello".utf8).write(to: small)
        try Data().write(to: empty)
        let bytes = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: large)
        #expect(try FileContents.read(from: small) == Data("hello".utf8))
        #expect(try FileContents.read(from: empty) == Data())
        #expect(try FileContents.read(from: large) == bytes)
        #expect(try FileContents.readIfPresent(from: large) == bytes)
    }

    @Test(
        "a file the system sizes as empty is read to its end",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status"), "no /proc on this system"))
    func procFile() throws {
        let text = String(
            decoding: try FileContents.read(from: URL(fileURLWithPath: "/proc/self/status")), as: UTF8.self)
        #expect(text.hasPrefix("Name:"))
        #expect(text.contains("\nPid:"))
    }

    @Test("nothing at the path: read throws ENOENT or ENOTDIR, readIfPresent gives nil")
    func missing() throws {
        let folder = try TemporaryDirectory()
        let absent = folder.file("absent")
        let plain = folder.file("plain")
        try Data("x".utf8).write(to: plain)
        for (url, code) in [
            (absent, ENOENT), (folder.file("gone/absent"), ENOENT), (plain.appendingPathComponent("x"), ENOTDIR),
        ] {
            let error = #expect(throws: FileReadError.self) { try FileContents.read(from: url) }
            #expect(error?.code == code)
            #expect(error?.isMissingFile == true)
            #expect(error?.path == url.path)
            #expect(try FileContents.readIfPresent(from: url) == nil)
        }
    }

    @Test("a folder is an error naming it, for read and readIfPresent alike")
    func folder() throws {
        let folder = try TemporaryDirectory()
        for read in [{ try FileContents.read(from: $0) }, { try FileContents.readIfPresent(from: $0) }]
            as [(URL) throws -> Data?]
        {
            let error = #expect(throws: FileReadError.self) { _ = try read(folder.url) }
            #expect(error?.code == EISDIR)
            #expect(error?.isMissingFile == false)
            #expect(error?.description == "could not read '\(folder.url.path)': Is a directory (errno 21)")
        }
    }

    @Test("a file over the limit is refused, one at the limit is read")
    func limit() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("ten")
        try Data(repeating: 7, count: 10).write(to: file)
        #expect(try FileContents.read(from: file, limit: 10).count == 10)
        let error = #expect(throws: FileReadError.self) { try FileContents.read(from: file, limit: 9) }
        #expect(error?.limit == 9)
        #expect(error?.code == EFBIG)
        #expect(error?.size == 10)
        #expect(error?.reason == "it is 10 bytes, more than the limit of 9 bytes")
        #expect(error?.errorDescription?.contains("read it with a larger `limit`") == true)
        #expect(throws: FileReadError.self) { try FileContents.readIfPresent(from: file, limit: 9) }
    }

    @Test("a sparse file over a small limit is refused by its size before it is read")
    func sparseOverLimit() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("sparse")
        try SpecialFiles.makeSparseFile(at: file, size: 1 << 20)
        let error = #expect(throws: FileReadError.self) { try FileContents.read(from: file, limit: 64 * 1024) }
        // The size comes from fstat: a read that had started would only know it went past the limit.
        #expect(error?.size == 1 << 20)
        #expect(error?.limit == 64 * 1024)
        #expect(error?.path == file.path)
        #expect(error?.description.contains(file.path) == true)
        #expect(try FileContents.read(from: file, limit: 1 << 20).count == 1 << 20)
    }

    @Test("by default a read is limited: a 1 TiB sparse file is refused before any of it is read")
    func defaultLimit() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("huge")
        try SpecialFiles.makeSparseFile(at: file, size: SpecialFiles.hugeSize)
        for read in [{ try FileContents.read(from: $0) }, { try FileContents.readIfPresent(from: $0) }]
            as [(URL) throws -> Data?]
        {
            let error = #expect(throws: FileReadError.self) { _ = try read(file) }
            #expect(error?.limit == ArchiveLimits.defaultMaximumFileSize)
            #expect(error?.size == Int(SpecialFiles.hugeSize))
            #expect(error?.isMissingFile == false)
        }
    }

    @Test("a stream without end (/dev/zero) stops one byte past the limit")
    func endlessStream() throws {
        let zero = URL(fileURLWithPath: "/dev/zero")
        let error = #expect(throws: FileReadError.self) { try FileContents.read(from: zero, limit: 100_000) }
        #expect(error?.limit == 100_000)
        #expect(error?.size == nil)
    }

    @Test("a pipe is read to its end, and held to the limit while it streams")
    func pipe() throws {
        let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0) })
        let pipe = Pipe()
        let writer = Thread {
            try? pipe.fileHandleForWriting.write(contentsOf: bytes)
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        #expect(try FileContents.read(descriptor: descriptor, path: "the pipe") == bytes)

        let second = Pipe()
        let feeder = Thread {
            try? second.fileHandleForWriting.write(contentsOf: bytes)
            try? second.fileHandleForWriting.close()
        }
        feeder.start()
        let error = #expect(throws: FileReadError.self) {
            try FileContents.read(
                descriptor: second.fileHandleForReading.fileDescriptor, path: "the pipe", limit: 100_000)
        }
        #expect(error?.limit == 100_000)
        // Drain the rest, so the feeder does not write into a closed pipe (SIGPIPE).
        _ = second.fileHandleForReading.readDataToEndOfFile()
    }

    @Test(
        "a file or folder that may not be read is an error, not a missing file",
        .enabled(if: geteuid() != 0, "running as root: permission bits do not stop root"))
    func notPermitted() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("locked")
        try Data("x".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: file.path)
        let error = #expect(throws: FileReadError.self) { try FileContents.readIfPresent(from: file) }
        #expect(error?.code == EACCES)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)

        let closed = folder.file("closed")
        try FileManager.default.createDirectory(at: closed, withIntermediateDirectories: false)
        try Data("x".utf8).write(to: closed.appendingPathComponent("inside"))
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: closed.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: closed.path) }
        for url in [closed.appendingPathComponent("inside"), closed.appendingPathComponent("absent")] {
            let error = #expect(throws: FileReadError.self) { try FileContents.readIfPresent(from: url) }
            #expect(error?.code == EACCES)
            #expect(error?.isMissingFile == false)
        }
    }
}
