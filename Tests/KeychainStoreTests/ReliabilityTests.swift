import ArchiveTestSupport
import Foundation
import Testing

@testable import KeychainStore

@Suite("KeychainStore reliability")
struct ReliabilityTests {
    @Test("threads adding distinct keys at once lose nothing")
    func concurrentThreads() async throws {
        let folder = try StoreFolder()
        let directory = folder.directory
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<6 {
                group.addTask {
                    let store = KeychainStore(service: "threads", directory: directory)
                    for index in 0..<10 { try store.setString("\(worker)/\(index)", forKey: "w\(worker)-\(index)") }
                }
            }
            try await group.waitForAll()
        }
        let store = folder.store("threads")
        #expect(try store.allKeys().count == 60)
        #expect(try store.string(forKey: "w5-9") == "5/9")
    }

    @Test("reading one item opens only that item's ciphertext: others may even be damaged")
    func readingOneItemDecryptsOnlyIt() throws {
        let folder = try StoreFolder()
        let store = folder.store()
        for index in 0..<200 { try store.setString("value \(index)", forKey: "k\(index)") }
        let (file, keys) = try #require(try store.load())
        #expect(file.itemCount == 200)
        #expect(Set(file.entries.map(\.value.nonce)).count == 200, "one sealed box, one nonce per item")
        let target = try keys.lookupTag(service: store.service, key: "k42")
        try folder.forge(store) { entries in
            entries = entries.map { entry in
                guard entry.lookupTag != target else { return entry }
                let garbage = SealedBox(
                    nonce: entry.value.nonce, ciphertext: [UInt8](repeating: 0, count: 3),
                    tag: entry.value.tag)
                return KeychainFileEntry(
                    lookupTag: entry.lookupTag, serviceTag: entry.serviceTag,
                    name: entry.name, value: garbage)
            }
        }
        #expect(try store.string(forKey: "k42") == "value 42")
        #expect(throws: KeychainStoreError.self) { try store.data(forKey: "k43") }
        #expect(try store.allKeys().count == 200, "listing opens names, not values")
    }

    @Test(
        "a write that cannot finish (read-only folder) leaves the store as it was",
        .enabled(if: geteuid() != 0, "root writes into read-only folders, so the write cannot be made to fail"))
    func failedWriteKeepsOldStore() throws {
        let folder = try StoreFolder()
        let store = folder.store()
        try store.setString("old", forKey: "k")
        let before = try Data(contentsOf: store.fileURL)
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: folder.directory.path)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.directory.path)
        }
        #expect(throws: KeychainStoreError.self) { try store.setString("new", forKey: "k") }
        #expect(try Data(contentsOf: store.fileURL) == before)
        #expect(try store.string(forKey: "k") == "old")
    }

    @Test("missing parent folders are made private; a file in the way is named and left alone")
    func folderCreation() throws {
        let temporary = try TemporaryDirectory(prefix: "keychain-tests")
        let nested = temporary.url.appendingPathComponent("a/b/store", isDirectory: true)
        try KeychainStore(service: "s", directory: nested).setString("v", forKey: "k")
        #expect(try StoreFolder.mode(nested) == 0o700)
        #expect(try StoreFolder.mode(temporary.url.appendingPathComponent("a")) == 0o700)

        let blocker = temporary.file("blocker")
        try Data("x".utf8).write(to: blocker)
        let store = KeychainStore(service: "s", directory: blocker.appendingPathComponent("store"))
        let expected = KeychainStoreError.fileSystem(
            path: blocker.path, operation: "creating the folder", code: ENOTDIR)
        #expect(throws: expected) { try store.setString("v", forKey: "k") }
        #expect(throws: KeychainStoreError.self, "reading says the folder is unusable") { try store.data(forKey: "k") }
        #expect(try String(contentsOf: blocker, encoding: .utf8) == "x")
    }
}
