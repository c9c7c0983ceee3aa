import ArchiveTestSupport
import Foundation
import Testing

@testable import KeychainStore

/// "Create if absent" (`data(forKey:storingIfAbsent:)`): one secret, made once, whoever asks first,
/// across threads and processes.
///
/// The process race runs 3 rounds of 8 `keychain-store ensure` processes by default (about a
/// second); set `LONG_TESTS=1` for 30 rounds.
@Suite("KeychainStore: creating a secret once")
struct CreateOnceTests {
    struct Refused: Error {}

    /// Rounds of the process race: 30 with `LONG_TESTS=1`, else 3.
    static let rounds = ProcessInfo.processInfo.environment["LONG_TESTS"] == "1" ? 30 : 3

    @Test("an existing secret is returned and the closure not run; a missing one is made once and stored")
    func existingAndMissing() throws {
        let folder = try StoreFolder()
        let store = folder.store()
        try store.setString("kept", forKey: "present")
        var calls = 0
        #expect(
            try store.string(forKey: "present") {
                calls += 1; return "new"
            } == "kept")
        #expect(calls == 0)
        #expect(
            try store.data(forKey: "absent") {
                calls += 1; return Data([1, 2])
            } == Data([1, 2]))
        #expect(
            try store.data(forKey: "absent") {
                calls += 1; return Data([3])
            } == Data([1, 2]))
        #expect(calls == 1)
        #expect(try folder.store().data(forKey: "absent") == Data([1, 2]))
        #expect(try store.allKeys() == ["absent", "present"])
    }

    @Test("a closure that throws, or makes an item too large, stores nothing and writes no file")
    func failingClosure() throws {
        let folder = try StoreFolder()
        let store = folder.store()
        #expect(throws: Refused.self) { try store.data(forKey: "token") { throw Refused() } }
        let tooLarge = Data(count: KeychainFile.maximumItemSize + 1)
        #expect(throws: KeychainStoreError.self) { try store.data(forKey: "token") { tooLarge } }
        #expect(try store.data(forKey: "token") == nil)
        #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))
    }

    @Test("a passphrase store creates the secret once too")
    func passphraseStore() throws {
        let folder = try StoreFolder()
        let first = try folder.passphraseStore("correct horse").string(forKey: "k") { "one" }
        let second = try folder.passphraseStore("correct horse").string(forKey: "k") { "two" }
        #expect(first == "one" && second == "one")
        #expect(throws: KeychainStoreError.wrongPassphrase(path: folder.store().fileURL.path)) {
            try folder.passphraseStore("wrong").string(forKey: "k") { "three" }
        }
    }

    @Test("threads racing to create the secret all get the one stored")
    func threads() async throws {
        let folder = try StoreFolder()
        let results = await withTaskGroup(of: String?.self) { group in
            for index in 0..<16 {
                group.addTask { try? folder.store().string(forKey: "password") { "thread \(index)" } }
            }
            return await group.reduce(into: [String?]()) { $0.append($1) }
        }
        let stored = try #require(try folder.store().string(forKey: "password"))
        #expect(results.count == 16 && results.allSatisfy { $0 == stored })
    }

    @Test("8 processes started at once in a fresh folder all end with the same secret (LONG_TESTS=1: 30 rounds)")
    func processes() async throws {
        let tool = try BuiltExecutable("keychain-store")
        let temporary = try TemporaryDirectory(prefix: "keychain-race")
        for round in 0..<Self.rounds {
            let directory = temporary.url.appendingPathComponent("round-\(round)", isDirectory: true)
            let children = try (0..<8).map { _ in
                try tool.start(["--directory", directory.path, "--service", "TodoList", "ensure", "notes-password"])
            }
            var secrets: [String] = []
            for child in children {
                let result = try child.wait(timeout: 300)
                #expect(result.succeeded, "round \(round): \(result.errorOutput)")
                secrets.append(result.output)
            }
            let stored = try KeychainStore(service: "TodoList", directory: directory).string(forKey: "notes-password")
            #expect(stored.map { $0 + "\n" } != nil)
            #expect(Set(secrets) == [(stored ?? "") + "\n"], "round \(round): \(Set(secrets).count) secrets")
            // A secret made by `ensure`: 32 random bytes in base64.
            #expect(Data(base64Encoded: stored ?? "")?.count == 32)
        }
    }
}
