import FastCodingKit
import Foundation
import Testing

/// The decoder reads the archive in place; a `Decoder` or container that user code keeps past
/// the decode call must then throw, never read freed bytes.
@Suite("Decoder lifetime")
struct DecoderLifetimeTests {
    /// Holds on to what a model's `init(from:)` was given.
    private final class Keeper: @unchecked Sendable {
        var decoder: (any Decoder)?
        var container: KeyedDecodingContainer<Hoarder.CodingKeys>?
        /// Set instead of the two above: sees the decoder without keeping it.
        var watchesOnly = false
        weak var watchedDecoder: AnyObject?
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
                if keeper.watchesOnly {
                    keeper.watchedDecoder = decoder as AnyObject
                } else {
                    keeper.decoder = decoder
                    keeper.container = container
                }
            }
            count = try container.decode(Int.self, forKey: .count)
        }
    }

    @Test("a decoder and a container kept past the decode call throw instead of reading")
    func keptDecoderThrows() throws {
        let keeper = Keeper()
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
        let keeper = Keeper()
        keeper.watchesOnly = true
        let data = try FastCoder.encode([Hoarder(name: "only", count: 1)])
        let decoded = try FastDecoder(userInfo: [Self.keeperKey: keeper]).decode([Hoarder].self, from: data)
        #expect(decoded.map(\.count) == [1])
        #expect(keeper.watchedDecoder == nil)
    }
}
