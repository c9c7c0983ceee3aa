import Foundation

/// The defaults of one type: the keys a new instance encodes, each a ``DefaultValue``.
///
/// Made once per type (``EvolutionLookup`` keeps them), or from the value a decode layers the
/// archive over (``ArchiveFormat/decode(_:from:over:)``).
package final class TypeDefaults: Sendable {
    /// The type whose defaults these are, for messages.
    package let typeName: String
    private let values: [String: DefaultValue]

    /// The defaults `value` gives: its keys as its `encode(to:)` writes them. A value that does
    /// not encode a keyed container has no keys, so nothing to default.
    ///
    /// - Throws: `EncodingError` when `value` does not encode, or holds a cycle, more than a
    ///   million values or more than ``ArchiveLimits/defaultMaximumDepth`` levels.
    package init<T: Encodable>(encoding value: T, userInfo: [CodingUserInfoKey: Any]) throws {
        let typeName = String(describing: T.self)
        let root = try DefaultsEncoding.encode(value, userInfo: userInfo)
        self.typeName = typeName
        values = root.frozenEntries().mapValues { node, weight, height in
            DefaultValue(node: node, weight: weight, height: height, owner: typeName)
        }
    }

    /// The default of `key`, or `nil` when a new instance does not encode that key (a `nil`
    /// optional, or a key the type never writes).
    package subscript(key: String) -> DefaultValue? { values[key] }

    /// The keys that have a default.
    package var keys: Dictionary<String, DefaultValue>.Keys { values.keys }
}

extension TypeDefaults {
    /// The defaults of a decode layered over `base` (``ArchiveFormat/decode(_:from:over:)``): the
    /// top-level keys the archive lacks take `base`'s values.
    ///
    /// - Throws: `DecodingError.dataCorrupted` at the top level when `base` does not encode.
    package static func layering<T: Encodable>(
        over base: T, userInfo: [CodingUserInfoKey: Any]
    ) throws -> TypeDefaults {
        switch DefaultsFailure.catching({ try TypeDefaults(encoding: base, userInfo: userInfo) }) {
        case let .success(defaults):
            return defaults
        case let .failure(failure):
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: [],
                    debugDescription: "cannot decode over the given \(T.self): \(failure.reason)"))
        }
    }
}
