import Foundation

/// One value of a type's defaults, as its `encode(to:)` wrote it: the tree ``DefaultValue``s
/// decode from.
///
/// Scalars keep their own type (an `Int` stays an `Int`, a `Date` a `Date`), so a default
/// decodes back exactly, and a class instance is a keyed or unkeyed tree, so every decode makes
/// a new one.
indirect enum DefaultsNode: Sendable {
    /// `encodeNil()`.
    case null
    /// A number, `Bool`, `String`, or a `Date`, `Data`, `URL`, `UUID` or `Decimal`.
    case scalar(any Sendable)
    /// A keyed container: its values by key, and the keys in the order they were first written.
    case keyed([String: DefaultsNode], order: [String])
    /// An unkeyed container.
    case unkeyed([DefaultsNode])

    /// How the node is named in a type mismatch.
    var kindDescription: String {
        switch self {
        case .null: "null"
        case let .scalar(value): "a \(type(of: value))"
        case .keyed: "a keyed container"
        case .unkeyed: "an unkeyed container"
        }
    }
}
