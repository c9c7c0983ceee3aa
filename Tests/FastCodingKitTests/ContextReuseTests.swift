import FastCodingKit
import Foundation
import Testing

/// The encoder keeps a few idle encoding contexts for later calls; no call may see anything an
/// earlier call left behind, and a context an `encode(to:)` kept is never handed to another call.
@Suite("Encoding contexts reused across calls carry nothing from one call to the next")
struct ContextReuseTests {
    private struct Pair: Codable, Equatable {
        var name: String
        var count: Int
    }

    private enum PairKeys: String, CodingKey {
        case name, count
    }

    /// What an `encode(to:)` kept of the encoder it was given.
    private final class Keeper: @unchecked Sendable {
        var encoder: (any Encoder)?
        var container: KeyedEncodingContainer<PairKeys>?
    }

    /// Writes a pair and keeps its encoder and keyed container after the call.
    private struct KeepsItsEncoder: Encodable {
        let keeper: Keeper

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: PairKeys.self)
            try container.encode("kept", forKey: .name)
            try container.encode(1, forKey: .count)
            keeper.encoder = encoder
            keeper.container = container
        }
    }

    /// Writes a pair, but first tries to write through the container kept by an earlier call.
    private struct WritesThroughKeptContainer: Encodable {
        let keeper: Keeper

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: PairKeys.self)
            // Refused (the kept container's value is finished) unless its context were this call's.
            try? keeper.container?.encode("stray", forKey: .name)
            try container.encode("own", forKey: .name)
            try container.encode(2, forKey: .count)
        }
    }

    @Test("an encoder kept by encode(to:) is never reused: writing through it later does not reach another archive")
    func keptEncoderIsNotReused() throws {
        let keeper = Keeper()
        let reference = try FastCoder.encode(WritesThroughKeptContainer(keeper: keeper))
        _ = try FastCoder.encode(KeepsItsEncoder(keeper: keeper))
        #expect(keeper.container != nil)
        for _ in 0..<4 {
            // Had the kept context gone back to the pool, this call would write the stray key into its own archive.
            #expect(try FastCoder.encode(WritesThroughKeptContainer(keeper: keeper)) == reference)
        }
        let decoded = try FastCoder.decode(Pair.self, from: reference)
        #expect(decoded == Pair(name: "own", count: 2))
    }

    private struct Note: Encodable {
        var text: String
    }

    @Test("a call that throws leaves nothing behind: the next archive has the same bytes as before it")
    func failedCallLeavesNothing() throws {
        let pair = Pair(name: "after", count: 3)
        let reference = try FastCoder.encode(pair)
        #expect(throws: EncodingError.self) { try FastCoder.encode([Note(text: "ok"), Note(text: "nul\0inside")]) }
        #expect(try FastCoder.encode(pair) == reference)
        #expect(try FastCoder.decode(Pair.self, from: reference) == pair)
    }

    @Test("a large archive between small ones changes none of their bytes")
    func largeArchiveBetweenSmallOnes() throws {
        let pair = Pair(name: "small", count: 4)
        let reference = try FastCoder.encode(pair)
        let many = (0..<5_000).map { Pair(name: "item \($0)", count: $0) }
        let large = try FastCoder.encode(many)
        #expect(try FastCoder.encode(pair) == reference)
        #expect(try FastCoder.decode([Pair].self, from: large) == many)
        #expect(try FastCoder.encode(many) == large)
    }

    private static let marker = CodingUserInfoKey(rawValue: "ContextReuseTests.marker")!

    /// Records the `userInfo` marker its encoder had (the last call's, since the first encode
    /// of a type also runs `encode(to:)` to learn its keys).
    private final class UserInfoProbe: @unchecked Sendable {
        var seen: String?
    }

    private struct ReadsUserInfo: Encodable {
        let probe: UserInfoProbe

        func encode(to encoder: any Encoder) throws {
            probe.seen = encoder.userInfo[ContextReuseTests.marker] as? String
            var container = encoder.singleValueContainer()
            try container.encode(1)
        }
    }

    @Test("each call sees its own encoder's userInfo and depth limit, not the previous call's")
    func configurationIsPerCall() throws {
        let probe = UserInfoProbe()
        _ = try FastEncoder(userInfo: [Self.marker: "first"]).encode(ReadsUserInfo(probe: probe))
        #expect(probe.seen == "first")
        _ = try FastEncoder().encode(ReadsUserInfo(probe: probe))
        #expect(probe.seen == nil)
        _ = try FastEncoder(userInfo: [Self.marker: "third"]).encode(ReadsUserInfo(probe: probe))
        #expect(probe.seen == "third")

        let nested = [[[1]]]
        #expect(throws: EncodingError.self) { try FastEncoder(maximumDepth: 2).encode(nested) }
        #expect(try FastCoder.decode([[[Int]]].self, from: FastEncoder().encode(nested)) == nested)
    }

    private final class Account: Codable {
        var owner: String
        init(owner: String) { self.owner = owner }
    }

    @Test("each call names classes with its own encoder's registry")
    func registryIsPerCall() throws {
        let registry = ClassNameRegistry()
        registry.register(Account.self, as: "LegacyAccount")
        let renamed = try FastEncoder(registry: registry).encode(Account(owner: "a"))
        let plain = try FastEncoder(registry: ClassNameRegistry()).encode(Account(owner: "a"))
        #expect(renamed.range(of: Data("LegacyAccount\0".utf8)) != nil)
        #expect(plain.range(of: Data("LegacyAccount".utf8)) == nil)
        #expect(try FastEncoder(registry: registry).encode(Account(owner: "a")) == renamed)
    }

    private final class Payload: Codable {
        var name: String
        init(name: String) { self.name = name }
    }

    @Test("an idle context keeps no instance of the call that used it alive")
    func idleContextReleasesInstances() throws {
        weak var written: Payload?
        try {
            let payload = Payload(name: "kept only by the caller")
            written = payload
            _ = try FastCoder.encode([payload, payload])
        }()
        #expect(written == nil)
    }

    /// Encodes `inner` with a separate encoder call from inside its own `encode(to:)`.
    private struct Envelope: Encodable {
        let inner: Pair

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: PairKeys.self)
            try container.encode(try FastCoder.encode(inner).base64EncodedString(), forKey: .name)
            try container.encode(inner.count, forKey: .count)
        }
    }

    @Test("an encode call made from inside another one gets a context of its own")
    func nestedCalls() throws {
        let inner = Pair(name: "inner", count: 5)
        let innerBytes = try FastCoder.encode(inner)
        let outer = try FastCoder.decode(Pair.self, from: FastCoder.encode(Envelope(inner: inner)))
        #expect(outer == Pair(name: innerBytes.base64EncodedString(), count: 5))
        #expect(try FastCoder.encode(inner) == innerBytes)
    }

    @Test("concurrent calls of different types each get the bytes a lone call writes")
    func concurrentCallsOfDifferentTypes() async throws {
        let pairs = (0..<8).map { Pair(name: "task \($0)", count: $0) }
        let lists = (0..<8).map { task in (0..<task * 50).map { Pair(name: "\(task).\($0)", count: $0) } }
        let pairReferences = try pairs.map { try FastCoder.encode($0) }
        let listReferences = try lists.map { try FastCoder.encode($0) }
        let failures = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var failures = 0
                    for _ in 0..<100 {
                        if try FastCoder.encode(pairs[task]) != pairReferences[task] { failures += 1 }
                        if try FastCoder.encode(lists[task]) != listReferences[task] { failures += 1 }
                    }
                    return failures
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(failures == 0)
    }
}
