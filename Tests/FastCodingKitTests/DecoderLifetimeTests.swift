import FastCodingKit
import Foundation
import Testing

/// The decoder reads the archive in place; a `Decoder` or container that user code keeps past
/// the decode call must then throw, never read freed bytes.
@Suite("Decoder lifetime")
struct DecoderLifetimeTests {
    /// Holds on to what a model's `init(from:)` was given.
    private final class Keeper: @unchecked Sendable {
        enum Holding {
            /// Keeps the decoder and the container.
            case both
            /// Keeps the container only.
            case container
            /// Keeps neither.
            case nothing
        }

        let holding: Holding
        var decoder: (any Decoder)?
        var container: KeyedDecodingContainer<Hoarder.CodingKeys>?
        var nestedContainer: KeyedDecodingContainer<Hoarder.CodingKeys>?
        /// Sees the decoder without keeping it.
        weak var watchedDecoder: AnyObject?

        init(holding: Holding) {
            self.holding = holding
        }
    }

    private static let keeperKey = CodingUserInfoKey(rawValue: "keeper")!

    private struct Hoarder: Codable {
        var name: String
        var count: Int

        enum CodingKeys: String, CodingKey {
            case name, count
        }

        init(name: String, count: Int) {
            self.name = name
            self.count = count
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            if let keeper = decoder.userInfo[DecoderLifetimeTests.keeperKey] as? Keeper {
                keeper.watchedDecoder = decoder as AnyObject
                if keeper.holding == .both { keeper.decoder = decoder }
                if keeper.holding != .nothing { keeper.container = container }
            }
            count = try container.decode(Int.self, forKey: .count)
        }
    }

    @Test("a decoder and a container kept past the decode call throw instead of reading")
    func keptDecoderThrows() throws {
        let keeper = Keeper(holding: .both)
        var data = try FastCoder.encode([Hoarder(name: "first", count: 1), Hoarder(name: "second", count: 2)])
        let decoder = FastDecoder(userInfo: [Self.keeperKey: keeper])
        let decoded = try decoder.decode([Hoarder].self, from: data)
        #expect(decoded.map(\.name) == ["first", "second"])
        // Overwrite and drop the archive: nothing may still point into it.
        data.resetBytes(in: data.indices)
        data = Data()
        let kept = try #require(keeper.decoder)
        #expect(throws: (any Error).self) { try kept.singleValueContainer().decode(String.self) }
        #expect(throws: (any Error).self) {
            try kept.container(keyedBy: Hoarder.CodingKeys.self).decode(Int.self, forKey: .count)
        }
        let container = try #require(keeper.container)
        #expect(throws: (any Error).self) { try container.decode(String.self, forKey: .name) }
        #expect(throws: (any Error).self) { try container.decode(Int.self, forKey: .count) }
    }

    @Test("nothing keeps the decoder alive once the decode call returns")
    func decoderIsReleased() throws {
        let keeper = Keeper(holding: .nothing)
        let data = try FastCoder.encode([Hoarder(name: "only", count: 1)])
        let decoded = try FastDecoder(userInfo: [Self.keeperKey: keeper]).decode([Hoarder].self, from: data)
        #expect(decoded.map(\.count) == [1])
        #expect(keeper.watchedDecoder == nil)
    }

    /// Reads a `Hoarder`'s fields from a nested keyed container, and keeps that container.
    private struct NestingHoarder: Codable {
        var inner: Hoarder

        enum CodingKeys: String, CodingKey {
            case inner
        }

        init(inner: Hoarder) {
            self.inner = inner
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            var nested = container.nestedContainer(keyedBy: Hoarder.CodingKeys.self, forKey: .inner)
            try nested.encode(inner.name, forKey: .name)
            try nested.encode(inner.count, forKey: .count)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let nested = try container.nestedContainer(keyedBy: Hoarder.CodingKeys.self, forKey: .inner)
            inner = Hoarder(
                name: try nested.decode(String.self, forKey: .name), count: try nested.decode(Int.self, forKey: .count))
            if let keeper = decoder.userInfo[DecoderLifetimeTests.keeperKey] as? Keeper {
                keeper.watchedDecoder = decoder as AnyObject
                // The first one: later ones must not hide it from the decoder's checks.
                if keeper.nestedContainer == nil { keeper.nestedContainer = nested }
            }
        }
    }

    // The keyed containers do not retain the decoder's state (a retain and a release per
    // property otherwise): these hold the kit to keeping that state alive for a kept container.

    @Test("a keyed container kept without its decoder still throws instead of reading: the decoder's state stays alive")
    func keptContainerAloneThrows() throws {
        let keeper = Keeper(holding: .container)
        let data = try FastCoder.encode([Hoarder(name: "first", count: 1), Hoarder(name: "second", count: 2)])
        let decoded = try FastDecoder(userInfo: [Self.keeperKey: keeper]).decode([Hoarder].self, from: data)
        #expect(decoded.map(\.count) == [1, 2])
        #expect(keeper.decoder == nil)
        #expect(keeper.watchedDecoder != nil, "the state the kept container points at was freed")
        let container = try #require(keeper.container)
        #expect(throws: (any Error).self) { try container.decode(String.self, forKey: .name) }
        #expect(throws: (any Error).self) {
            try container.nestedContainer(keyedBy: Hoarder.CodingKeys.self, forKey: .name)
        }
        #expect(container.allKeys.isEmpty)
        #expect(!container.contains(.count))
    }

    @Test("the state kept for a container is let go once the container is released")
    func keptStateIsReleasedWithItsContainer() throws {
        let data = try FastCoder.encode([Hoarder(name: "only", count: 1)])
        let first = Keeper(holding: .container)
        _ = try FastDecoder(userInfo: [Self.keeperKey: first]).decode([Hoarder].self, from: data)
        #expect(first.watchedDecoder != nil)
        first.container = nil
        // The kept states are looked at again when another container is kept.
        let second = Keeper(holding: .container)
        _ = try FastDecoder(userInfo: [Self.keeperKey: second]).decode([Hoarder].self, from: data)
        #expect(first.watchedDecoder == nil, "the first decode's state outlived its container")
        #expect(second.watchedDecoder != nil)
    }

    @Test("a nested keyed container kept past the decode call keeps the decoder's state alive too, and throws")
    func keptNestedContainerThrows() throws {
        let keeper = Keeper(holding: .nothing)
        let data = try FastCoder.encode(NestingHoarder(inner: Hoarder(name: "inside", count: 3)))
        let decoded = try FastDecoder(userInfo: [Self.keeperKey: keeper]).decode(NestingHoarder.self, from: data)
        #expect(decoded.inner.name == "inside" && decoded.inner.count == 3)
        #expect(keeper.watchedDecoder != nil, "the state the kept nested container points at was freed")
        let nested = try #require(keeper.nestedContainer)
        #expect(throws: (any Error).self) { try nested.decode(Int.self, forKey: .count) }
    }

    @Test("a nested keyed container kept early in a long list is still found when the decode ends")
    func keptNestedContainerAmongManyThrows() throws {
        let keeper = Keeper(holding: .nothing)
        // More nested containers than the decoder tracks before it drops those nothing else holds.
        let list = (0..<300).map { NestingHoarder(inner: Hoarder(name: "item \($0)", count: $0)) }
        let data = try FastCoder.encode(list)
        let decoded = try FastDecoder(userInfo: [Self.keeperKey: keeper]).decode([NestingHoarder].self, from: data)
        #expect(decoded.map(\.inner.count) == Array(0..<300))
        #expect(keeper.watchedDecoder != nil, "the state the kept nested container points at was freed")
        let nested = try #require(keeper.nestedContainer)
        #expect(throws: (any Error).self) { try nested.decode(Int.self, forKey: .count) }
    }
}
