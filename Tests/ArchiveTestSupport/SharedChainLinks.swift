import CodingCore

// Links of a chain of shared instances (link k's `next` is link k − 1) whose classes opt into
// the cycle contract, so decoders finish them through their cycle paths (the awake hook, the
// two-phase registration): heights must be kept there too, or such a chain escapes the depth
// limit that plain classes are held to.

/// A chain link with an `AwakeAfterDecoding` hook (finished through `PendingReferences`).
public final class AwakeChainLink: Codable, AwakeAfterDecoding {
    public var next: AwakeChainLink?

    public init(next: AwakeChainLink?) { self.next = next }

    public func awakeAfterDecoding() throws -> AnyObject { self }

    /// `length` links, each one's `next` the link before it (the first's is `nil`).
    public static func chain(length: Int) -> [AwakeChainLink] {
        var links: [AwakeChainLink] = []
        for _ in 0..<length { links.append(AwakeChainLink(next: links.last)) }
        return links
    }
}

/// A chain link decoded in two phases (`TwoPhaseDecodable`: created, registered, then filled).
public final class TwoPhaseChainLink: TwoPhaseDecodable, Encodable {
    public var next: TwoPhaseChainLink?

    private enum CodingKeys: String, CodingKey {
        case next
    }

    public init() {}

    public func decodeProperties(from decoder: any Decoder) throws {
        next = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(TwoPhaseChainLink.self, forKey: .next)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(next, forKey: .next)
    }

    /// `length` links, each one's `next` the link before it (the first's is `nil`).
    public static func chain(length: Int) -> [TwoPhaseChainLink] {
        var links: [TwoPhaseChainLink] = []
        for _ in 0..<length {
            let link = TwoPhaseChainLink()
            link.next = links.last
            links.append(link)
        }
        return links
    }
}
