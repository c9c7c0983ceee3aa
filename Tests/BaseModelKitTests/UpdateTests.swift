import ArchiveTestSupport
import BaseModelKit
import Foundation
import Testing

@Suite("Locked updates: reload, change, save, share")
struct UpdateTests {
    @Test("update reads the saved file again, changes it, saves it and makes it the shared instance")
    func reloadsChangesSaves() throws {
        final class Tally: TestModel {
            var count = 0
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Tally.self)
        #expect(Tally.shared.count == 0)
        // Another process saves meanwhile: the stale shared instance must not win.
        let other = Tally()
        other.count = 5
        try other.write(to: Tally.saveFileURL)
        let returned = try Tally.update { tally in
            tally.count += 1
            return tally.count
        }
        #expect(returned == 6)
        #expect(Tally.shared.count == 6)
        #expect(try Tally.instance(contentsOf: Tally.saveFileURL).count == 6)
        #expect(FileManager.default.fileExists(atPath: folder.file(".Tally.plist.lock").path))
    }

    @Test("threads updating one model at once keep every change (16 × 20 increments)")
    func threads() async throws {
        final class Hits: TestModel {
            var count = 0
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Hits.self)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    for _ in 0..<20 { _ = try? Hits.update { $0.count += 1 } }
                }
            }
        }
        #expect(try Hits.instance(contentsOf: Hits.saveFileURL).count == 320)
        #expect(Hits.shared.count == 320)
    }

    @Test("a change that throws saves nothing and leaves the shared instance as it was")
    func throwingChange() throws {
        struct Stop: Error {}
        final class Kept: TestModel {
            var count = 0
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Kept.self)
        try Kept.update { $0.count = 1 }
        let before = try Data(contentsOf: Kept.saveFileURL)
        let shared = Kept.shared
        #expect(throws: Stop.self) {
            try Kept.update { kept in
                kept.count = 2
                throw Stop()
            }
        }
        #expect(try Data(contentsOf: Kept.saveFileURL) == before)
        #expect(Kept.shared === shared && shared.count == 1)
    }

    @Test("a save file that cannot be read is an error naming it; the change never runs, the file stays")
    func unreadableFile() throws {
        final class Guarded: TestModel {
            var count = 0
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Guarded.self)
        for damaged in [Data("bplist00 broken".utf8), Data("{}".utf8), Data(#"{"count": "many"}"#.utf8)] {
            try damaged.write(to: Guarded.saveFileURL)
            var ran = false
            let error = #expect(throws: BaseModelError.self) {
                try Guarded.update { _ in ran = true }
            }
            #expect(error?.description.contains(Guarded.saveFileURL.path) == true, "\(String(describing: error))")
            #expect(!ran)
            #expect(try Data(contentsOf: Guarded.saveFileURL) == damaged)
        }
    }

    @Test("a symbolically linked save file shares the lock of the file it leads to")
    func symbolicLink() throws {
        final class Linked: TestModel {
            var count = 0
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Linked.self)
        let target = folder.url.appendingPathComponent("real/data.plist")
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: Linked.saveFileURL, withDestinationURL: target)
        try Linked.update { $0.count = 3 }
        #expect(try Linked.instance(contentsOf: target).count == 3)
        #expect(FileManager.default.fileExists(atPath: folder.file("real/.data.plist.lock").path))
        #expect(!FileManager.default.fileExists(atPath: folder.file(".Linked.plist.lock").path))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: Linked.saveFileURL.path) == target.path)
    }

    @Test("a symbolic link or a named pipe where the lock file belongs is refused; nothing is written")
    func unusableLockFile() throws {
        final class Blocked: TestModel {
            var count = 0
            init() {}
        }
        let folder = try TemporaryDirectory()
        TestFolders.assign(folder, to: Blocked.self)
        let lock = folder.file(".Blocked.plist.lock")
        try FileManager.default.createSymbolicLink(at: lock, withDestinationURL: folder.file("elsewhere"))
        #expect(throws: FileLockError(path: lock.path, code: ELOOP)) { try Blocked.update { $0.count = 1 } }
        try FileManager.default.removeItem(at: lock)
        #expect(mkfifo(lock.path, 0o644) == 0)
        #expect(throws: FileLockError(path: lock.path, code: EINVAL)) { try Blocked.update { $0.count = 1 } }
        #expect(!FileManager.default.fileExists(atPath: Blocked.saveFileURL.path))
        #expect(!FileManager.default.fileExists(atPath: folder.file("elsewhere").path))
    }

    @Test("models kept in UserDefaults update too, in turns within the process")
    func userDefaults() async throws {
        final class Preferences: TestModel {
            static var suite: String { "BaseModelKitTests.UpdateTests" }
            static var storage: BaseModelStorage { .userDefaults(suite: suite) }
            var launches = 0
            init() {}
        }
        UserDefaults(suiteName: Preferences.suite)?.removePersistentDomain(forName: Preferences.suite)
        defer { UserDefaults(suiteName: Preferences.suite)?.removePersistentDomain(forName: Preferences.suite) }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<10 { _ = try? Preferences.update { $0.launches += 1 } }
                }
            }
        }
        #expect(UserDefaults(suiteName: Preferences.suite)?.integer(forKey: "launches") == 80)
        #expect(Preferences.shared.launches == 80)
    }
}
