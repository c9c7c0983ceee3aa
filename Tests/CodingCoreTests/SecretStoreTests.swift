import CodingCore
import Foundation
import Testing

@Suite("SecretStore conveniences, on the in-memory store")
struct SecretStoreTests {
    @Test("data set under a key reads back, replaces, and is removed")
    func dataLifecycle() throws {
        let store = InMemorySecretStore()
        #expect(try store.data(forKey: "token") == nil)
        try store.setData(Data([1, 2, 3]), forKey: "token")
        #expect(try store.data(forKey: "token") == Data([1, 2, 3]))
        try store.setData(Data([9]), forKey: "token")
        #expect(try store.data(forKey: "token") == Data([9]))
        try store.removeData(forKey: "token")
        #expect(try store.data(forKey: "token") == nil)
        try store.removeData(forKey: "token")  // removing a missing key succeeds
    }

    @Test("keys are listed sorted; removeAll empties the store")
    func keysAndRemoveAll() throws {
        let store = InMemorySecretStore(["b": Data(), "a": Data([1])])
        try store.setString("x", forKey: "c")
        #expect(try store.allKeys() == ["a", "b", "c"])
        #expect(try store.contains("b"))
        try store.removeAll()
        #expect(try store.allKeys().isEmpty)
    }

    @Test("strings are stored as UTF-8, and non-UTF-8 items are reported, not garbled")
    func strings() throws {
        let store = InMemorySecretStore()
        try store.setString("pässwörd 🔑", forKey: "p")
        #expect(try store.data(forKey: "p") == Data("pässwörd 🔑".utf8))
        #expect(try store.string(forKey: "p") == "pässwörd 🔑")
        try store.setData(Data([0xFF, 0xFE]), forKey: "binary")
        #expect(throws: SecretStoreError.notText(key: "binary")) { try store.string(forKey: "binary") }
    }

    @Test("create if absent: the closure runs once, only for a missing key; its error stores nothing")
    func storingIfAbsent() throws {
        struct Refused: Error {}
        let store = InMemorySecretStore(["present": Data([1])])
        var calls = 0
        #expect(
            try store.data(forKey: "present") {
                calls += 1; return Data([2])
            } == Data([1]))
        #expect(calls == 0)
        #expect(throws: Refused.self) { try store.data(forKey: "new") { throw Refused() } }
        #expect(try store.data(forKey: "new") == nil)
        #expect(
            try store.string(forKey: "new") {
                calls += 1; return "made"
            } == "made")
        #expect(
            try store.string(forKey: "new") {
                calls += 1; return "again"
            } == "made")
        #expect(calls == 1)
    }

    @Test("threads racing to create the same secret all get the one stored")
    func storingIfAbsentRace() async throws {
        let store = InMemorySecretStore()
        let results = await withTaskGroup(of: String?.self) { group in
            for index in 0..<64 {
                group.addTask { try? store.string(forKey: "password") { "candidate \(index)" } }
            }
            return await group.reduce(into: [String?]()) { $0.append($1) }
        }
        let stored = try #require(try store.string(forKey: "password"))
        #expect(results.count == 64)
        #expect(results.allSatisfy { $0 == stored })
    }

    @Test("concurrent writers and readers see whole values")
    func concurrency() async throws {
        let store = InMemorySecretStore()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask {
                    try? store.setString("value \(index)", forKey: "k\(index % 10)")
                    _ = try? store.string(forKey: "k\(index % 10)")
                }
            }
        }
        #expect(try store.allKeys().count == 10)
        for key in try store.allKeys() {
            #expect(try store.string(forKey: key)?.hasPrefix("value ") == true)
        }
    }
}
