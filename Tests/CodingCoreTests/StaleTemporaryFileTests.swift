import ArchiveTestSupport
import CodingCore
import Foundation
import Testing

/// Temporary files of writers killed mid-write are removed by the next write of the same file;
/// those of writers still running are not. The writers are real processes (AtomicWriteHelper).
@Suite("AtomicFile: temporary files of killed and running writers")
struct StaleTemporaryFileTests {
    private struct WriterDidNotStart: Error, CustomStringConvertible {
        let description: String
    }

    private func temporaries(of name: String, in folder: TemporaryDirectory) throws -> [String] {
        try SpecialFiles.entryNames(in: folder.url).filter { $0.hasPrefix(".\(name).tmp-") }
    }

    /// Starts a writer of `file` that stops after its first 64 KiB, and waits (at most a minute)
    /// until its temporary file holds them; returns the writer and its temporary file's name.
    private func startStalledWriter(
        of file: URL, in folder: TemporaryDirectory
    ) throws -> (writer: ChildProcess, temporary: String) {
        let writer = try BuiltExecutable("AtomicWriteHelper").start([file.path, "\(8 << 20)", "7", "--stall"])
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            for name in try temporaries(of: file.lastPathComponent, in: folder) {
                let size = try FileManager.default.attributesOfItem(atPath: folder.file(name).path)[.size] as? Int
                if (size ?? 0) >= 64 * 1024 { return (writer, name) }
            }
            usleep(10_000)
        }
        writer.kill(SIGKILL)
        let result = try writer.wait()
        throw WriterDidNotStart(description: "the writer did not start writing: \(result.errorOutput)")
    }

    @Test("a writer killed mid-write leaves its temporary file; the next write of the file removes it")
    func killedWriter() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("list.json")
        try AtomicFile.write(Data("old".utf8), to: file)
        let (writer, temporary) = try startStalledWriter(of: file, in: folder)
        writer.kill(SIGKILL)
        let result = try writer.wait(timeout: 60)
        #expect(result.wasSignalled && result.status == SIGKILL)
        #expect(try SpecialFiles.entryNames(in: folder.url) == [temporary, "list.json"])
        #expect(try FileContents.read(from: file) == Data("old".utf8))

        try AtomicFile.write(Data("new".utf8), to: file)
        #expect(try SpecialFiles.entryNames(in: folder.url) == ["list.json"])
        #expect(try FileContents.read(from: file) == Data("new".utf8))
    }

    @Test("the temporary file of a writer still running survives another write of the same file")
    func runningWriter() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("list.json")
        // Leftovers: one of an earlier version's killed writer (never locked), and names that only
        // look alike (another file's, a different pattern), which are not this file's to remove.
        let (writer, temporary) = try startStalledWriter(of: file, in: folder)
        defer {
            writer.kill(SIGKILL)
            _ = try? writer.wait(timeout: 60)
        }
        let unlocked = ".list.json.tmp-AbC123"
        let unrelated = [".list.json.tmp-toolong1", ".other.json.tmp-AbC123", "list.json.tmp-AbC123"]
        for name in [unlocked] + unrelated { try Data("x".utf8).write(to: folder.file(name)) }

        try AtomicFile.write(Data("mine".utf8), to: file)
        let names = try SpecialFiles.entryNames(in: folder.url)
        #expect(names.contains(temporary))
        #expect(!names.contains(unlocked))
        #expect(Set(names) == Set([temporary, "list.json"] + unrelated))
        #expect(try FileContents.read(from: file) == Data("mine".utf8))
    }

    @Test("eight processes saving the same file at once all succeed; it holds one whole save")
    func concurrentProcesses() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("shared.bin")
        let helper = try BuiltExecutable("AtomicWriteHelper")
        let size = 1 << 20
        let writers = try (1...8).map { try helper.start([file.path, "\(size)", "\($0)"]) }
        for writer in writers {
            let result = try writer.wait(timeout: 120)
            #expect(result.succeeded, "\(result.errorOutput)")
        }
        let data = try FileContents.read(from: file)
        #expect(data.count == size)
        #expect((1...8).contains(data.first ?? 0) && data.allSatisfy { $0 == data.first })
        #expect(try SpecialFiles.entryNames(in: folder.url) == ["shared.bin"])
    }
}
