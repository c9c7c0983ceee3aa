import ArchiveTestSupport
import Foundation
import Testing

@testable import CodingCore

/// `FileLock`: the exclusive `flock` read-modify-writes take, across threads as across processes.
@Suite("FileLock: exclusive lock files")
struct FileLockTests {
    @Test("threads incrementing a counter file under the lock lose no increment (8 × 50)")
    func threads() async throws {
        let folder = try TemporaryDirectory(prefix: "file-lock")
        let counter = try #require(FileSystemPath(folder.file("counter")))
        let lock = try FileLock.lockFile(guarding: counter)
        try AtomicFile.write(Data("0".utf8), to: counter)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<50 {
                        try? FileLock.withExclusiveLock(on: lock) {
                            let value = Int(String(decoding: try FileContents.read(from: counter), as: UTF8.self)) ?? -1
                            try AtomicFile.write(Data("\(value + 1)".utf8), to: counter)
                        }
                    }
                }
            }
        }
        #expect(String(decoding: try FileContents.read(from: counter), as: UTF8.self) == "400")
    }

    @Test("the lock file is `.<name>.lock` beside the file a chain of links leads to")
    func lockFileName() throws {
        let folder = try TemporaryDirectory(prefix: "file-lock")
        let target = folder.file("data/list.json")
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("link").path, withDestinationPath: "data/list.json")
        let path = try #require(FileSystemPath(folder.file("link")))
        #expect(try FileLock.lockFile(guarding: path) == FileSystemPath(folder.file("data/.list.json.lock")))
    }

    @Test("a link, a folder or a named pipe at the lock file's path is refused without waiting")
    func unusableLockFiles() throws {
        let folder = try TemporaryDirectory(prefix: "file-lock")
        let link = folder.file("link.lock")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: folder.file("missing"))
        let pipe = folder.file("pipe.lock")
        #expect(mkfifo(pipe.path, 0o644) == 0)
        let directory = folder.file("folder.lock")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        for (url, code) in [(link, ELOOP), (pipe, EINVAL), (directory, EISDIR)] {
            let path = try #require(FileSystemPath(url))
            #expect(throws: FileLockError(path: url.path, code: code)) { try FileLock.withExclusiveLock(on: path) {} }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("missing").path))
    }
}
