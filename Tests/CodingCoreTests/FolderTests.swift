import ArchiveTestSupport
import CodingCore
import Foundation
import Testing

@Suite("Folder: mkdir -p with the system's reason")
struct FolderTests {
    private func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    private func mode(of url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    @Test("creates the folder and its missing parents with the mode given; an existing folder is fine")
    func createsParents() throws {
        let folder = try TemporaryDirectory()
        let deep = folder.url.appendingPathComponent("a/b/c", isDirectory: true)
        try Folder.create(at: deep, mode: 0o700)
        #expect(isFolder(deep))
        #expect(try mode(of: deep) == 0o700)
        #expect(try mode(of: folder.url.appendingPathComponent("a")) == 0o700)
        try Folder.create(at: deep)
        try Folder.create(at: folder.url.appendingPathComponent("a/./b/../b/c/"))
        #expect(try mode(of: deep) == 0o700)
    }

    @Test("a file in the way is named, wherever it is on the path")
    func fileInTheWay() throws {
        let folder = try TemporaryDirectory()
        let plain = folder.file("plain")
        try Data("x".utf8).write(to: plain)
        for target in [plain, plain.appendingPathComponent("inside/deeper")] {
            let error = #expect(throws: FolderCreationError.self) { try Folder.create(at: target) }
            #expect(error?.path == plain.path)
            #expect(error?.code == ENOTDIR)
            #expect(error?.description == "could not create the folder '\(plain.path)': Not a directory (errno 20)")
        }
        #expect(try String(contentsOf: plain, encoding: .utf8) == "x")
    }

    @Test(
        "a read-only parent is an error naming the folder that could not be made",
        .enabled(if: geteuid() != 0, "running as root: permission bits do not stop root"))
    func readOnlyParent() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.url.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path) }
        let error = #expect(throws: FolderCreationError.self) {
            try Folder.create(at: folder.url.appendingPathComponent("new/inner"))
        }
        #expect(error?.path == folder.url.appendingPathComponent("new").path)
        #expect(error?.code == EACCES)
    }

    @Test(
        "a file system that refuses new folders gives an error, even to root",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/sys"), "no /proc on this system"))
    func refusingFileSystem() {
        #expect(throws: FolderCreationError.self) {
            try Folder.create(at: URL(fileURLWithPath: "/proc/sys/coding-core-test/inner"))
        }
    }
}
