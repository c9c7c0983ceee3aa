import ArchiveTestSupport
import CodingCore
import Foundation
import Testing

@Suite("AtomicFile")
struct AtomicFileTests {
    private struct ProducerFailed: Error {}

    private func contents(of url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    private func entries(of folder: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
    }

    private func mode(of url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    @Test("writes a new file with the given bytes and leaves no temporary file behind")
    func writesNewFile() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("notes.txt")
        try AtomicFile.write(Data("hello".utf8), to: file)
        #expect(try contents(of: file) == "hello")
        #expect(try entries(of: folder) == ["notes.txt"])
        #expect(try mode(of: file) == 0o644)
    }

    @Test("replaces an existing file and keeps its permissions unless told otherwise")
    func replacesAndKeepsMode() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("secret.bin")
        try AtomicFile.write(Data("one".utf8), to: file, permissions: 0o600)
        #expect(try mode(of: file) == 0o600)
        try AtomicFile.write(Data("two".utf8), to: file)
        #expect(try contents(of: file) == "two")
        #expect(try mode(of: file) == 0o600)
    }

    @Test("a producer that fails half-way leaves the old file intact and no temporary file")
    func failingProducerKeepsOldFile() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("list.txt")
        try AtomicFile.write(Data("original".utf8), to: file)
        #expect(throws: ProducerFailed.self) {
            try AtomicFile.write(to: file) { output in
                try output.write(Data("half of the new con".utf8))
                throw ProducerFailed()
            }
        }
        #expect(try contents(of: file) == "original")
        #expect(try entries(of: folder) == ["list.txt"])
    }

    @Test("a destination that is a folder is refused and left untouched")
    func destinationIsFolder() throws {
        let folder = try TemporaryDirectory()
        let target = folder.file("occupied")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: target.appendingPathComponent("inside.txt"))
        let error = #expect(throws: AtomicFileError.self) { try AtomicFile.write(Data("x".utf8), to: target) }
        #expect(error?.step == .replaceDestination)
        #expect(error?.description.contains(target.path) == true)
        #expect(try contents(of: target.appendingPathComponent("inside.txt")) == "keep")
        #expect(try entries(of: folder) == ["occupied"])
    }

    @Test("a missing folder, or a path through a regular file, gives an error naming the path")
    func missingFolder() throws {
        let folder = try TemporaryDirectory()
        let missing = folder.file("no/such/folder/file.txt")
        let error = #expect(throws: AtomicFileError.self) { try AtomicFile.write(Data(), to: missing) }
        #expect(error?.step == .createTemporaryFile)
        #expect(error?.code == ENOENT)
        #expect(error?.description.contains("no/such/folder/file.txt") == true)

        let plainFile = folder.file("plain")
        try AtomicFile.write(Data("plain".utf8), to: plainFile)
        let throughFile = #expect(throws: AtomicFileError.self) {
            try AtomicFile.write(Data(), to: plainFile.appendingPathComponent("child"))
        }
        #expect(throughFile?.code == ENOTDIR)
        #expect(try contents(of: plainFile) == "plain")
    }

    @Test(
        "a read-only folder gives an error and keeps the existing file",
        .enabled(if: geteuid() != 0, "running as root: permission bits do not stop root"))
    func readOnlyFolder() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("todo.json")
        try AtomicFile.write(Data("[]".utf8), to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.url.path)
        let error = #expect(throws: AtomicFileError.self) { try AtomicFile.write(Data("[1]".utf8), to: file) }
        #expect(error?.code == EACCES)
        #expect(try contents(of: file) == "[]")
    }

    @Test(
        "a read-only file system gives an error",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/sys"), "no /proc on this system"))
    func readOnlyFileSystem() {
        // /proc/sys refuses new files, even for root, so the temporary file cannot be created.
        #expect(throws: AtomicFileError.self) {
            try AtomicFile.write(Data("x".utf8), to: URL(fileURLWithPath: "/proc/sys/coding-core-test"))
        }
    }

    @Test("writing to a symbolic link replaces the file it points at and keeps the link")
    func symbolicLink() throws {
        let folder = try TemporaryDirectory()
        let real = folder.file("real.txt"), link = folder.file("link.txt")
        try AtomicFile.write(Data("old".utf8), to: real)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        try AtomicFile.write(Data("new".utf8), to: link)
        #expect(try contents(of: real) == "new")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)
    }

    @Test("concurrent writers never leave a mixture: the file holds one whole write")
    func concurrentWriters() async throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("shared.txt")
        let payloads = (0..<16).map { String(repeating: Character(UnicodeScalar(UInt8(65 + $0))), count: 64 * 1024) }
        await withTaskGroup(of: Void.self) { group in
            for payload in payloads {
                group.addTask { try? AtomicFile.write(Data(payload.utf8), to: file) }
            }
        }
        #expect(payloads.contains(try contents(of: file)))
        #expect(try entries(of: folder) == ["shared.txt"])
    }
}
