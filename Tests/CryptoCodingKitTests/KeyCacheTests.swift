import CryptoCodingKit
import Foundation
import Testing

@Suite("Key cache")
struct KeyCacheTests {
    private func salt(_ archive: Data) -> Data { archive[15..<31] }

    @Test("writes with one cache reuse its salt and key; clearing it gives a fresh salt")
    func reuseAndClear() throws {
        let cache = EncryptionKeyCache()
        let format = Samples.format(cache: cache)
        let first = try format.encode(Samples.note)
        #expect(cache.count == 1)
        let second = try format.encode(Samples.note)
        #expect(salt(first) == salt(second))
        cache.removeAll()
        #expect(cache.count == 0)
        let third = try format.encode(Samples.note)
        #expect(salt(third) != salt(first))
        for archive in [first, second, third] { #expect(try format.decode(Note.self, from: archive) == Samples.note) }
    }

    @Test("without a cache every write derives a new key with a new salt, and nothing is kept")
    func disabled() throws {
        let format = Samples.format(cache: nil)
        let first = try format.encode(Samples.note), second = try format.encode(Samples.note)
        #expect(salt(first) != salt(second))
        #expect(try format.decode(Note.self, from: second) == Samples.note)
    }

    @Test("entries are per password and per KDF parameters")
    func keyedByPasswordAndParameters() throws {
        let cache = EncryptionKeyCache()
        let a = try Samples.format(password: "one", cache: cache).encode(Samples.note)
        let b = try Samples.format(password: "two", cache: cache).encode(Samples.note)
        let c = try Samples.format(password: "one", keyDerivation: .scrypt(log2N: 5, r: 1, p: 1), cache: cache)
            .encode(Samples.note)
        #expect(cache.count == 3)
        #expect(Set([salt(a), salt(b), salt(c)]).count == 3)
        #expect(salt(try Samples.format(password: "one", cache: cache).encode(Samples.note)) == salt(a))
    }

    @Test("a read that authenticates fills the cache, so saving the loaded model reuses its salt")
    func readThenWrite() throws {
        let written = try Samples.format(cache: nil).encode(Samples.note)
        let cache = EncryptionKeyCache()
        let format = Samples.format(cache: cache)
        #expect(try format.decode(Note.self, from: written) == Samples.note)
        #expect(cache.count == 1)
        #expect(salt(try format.encode(Samples.note)) == salt(written))
    }

    @Test("a read that fails authentication leaves the cache alone")
    func failedReadDoesNotStore() throws {
        let written = try Samples.format(password: "right", cache: nil).encode(Samples.note)
        let cache = EncryptionKeyCache()
        #expect(throws: CryptoCodingError.authenticationFailed) {
            try Samples.format(password: "wrong", cache: cache).decode(Note.self, from: written)
        }
        #expect(cache.count == 0)
    }

    @Test("the cache keeps at most its capacity, dropping the oldest")
    func capacity() throws {
        let cache = EncryptionKeyCache(capacity: 2)
        let first = try Samples.format(password: "1", cache: cache).encode(Samples.note)
        _ = try Samples.format(password: "2", cache: cache).encode(Samples.note)
        _ = try Samples.format(password: "3", cache: cache).encode(Samples.note)
        #expect(cache.count == 2)
        #expect(salt(try Samples.format(password: "1", cache: cache).encode(Samples.note)) != salt(first))
    }

    @Test("concurrent writers through one cache all produce readable archives")
    func concurrentUse() async throws {
        let cache = EncryptionKeyCache()
        let format = Samples.format(cache: cache)
        let archives = try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<16 { group.addTask { try format.encode(Samples.note) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(archives).count == 16)
        for archive in archives { #expect(try format.decode(Note.self, from: archive) == Samples.note) }
    }
}
