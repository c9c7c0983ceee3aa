import Foundation

// A model that keeps what its `init(from:)` was given (its decoder, an unkeyed container, a
// keyed one, a super decoder) and reads it after the decode call returned, as a program may by
// mistake. A decoder must then give values or throw, never crash or read freed bytes.

/// Keeps its decoder and containers past `init(from:)`; ``readLater()`` reads them.
final class FuzzLateReader: Decodable {
    private var decoder: (any Decoder)?
    private var list: (any UnkeyedDecodingContainer)?
    private var keyed: KeyedDecodingContainer<FuzzLateKey>?
    private var parent: (any Decoder)?

    init(from decoder: any Decoder) throws {
        self.decoder = decoder
        if var list = try? decoder.unkeyedContainer() {
            parent = try? list.superDecoder()
            self.list = list
        } else if let keyed = try? decoder.container(keyedBy: FuzzLateKey.self) {
            parent = try? keyed.superDecoder()
            self.keyed = keyed
        }
    }

    /// Reads what was kept, each read allowed to throw; at most a few reads per container (a
    /// container whose value is gone is never at its end).
    func readLater() {
        if var list { Self.drain(&list) }
        if var fromDecoder = try? decoder?.unkeyedContainer() { Self.drain(&fromDecoder) }
        if let keyed {
            for key in keyed.allKeys.prefix(8) { _ = try? keyed.decode(Int.self, forKey: key) }
            _ = try? keyed.decode(String.self, forKey: FuzzLateKey(stringValue: "name"))
        }
        _ = try? parent?.singleValueContainer().decode(Int.self)
        _ = try? parent?.container(keyedBy: FuzzLateKey.self).allKeys
    }

    private static func drain(_ container: inout any UnkeyedDecodingContainer) {
        for _ in 0..<8 where !container.isAtEnd {
            if (try? container.decode(Int.self)) == nil { _ = try? container.decode(String.self) }
        }
    }
}

/// Any key.
struct FuzzLateKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
