import Foundation

/// Everything a FastCoding v3 file can hold, as a tree a program can inspect without model types.
///
/// Plain values (numbers, immutable strings, URLs, NSValue structs) are enum cases. Everything
/// the format tracks by **identity** (containers, data, dates, mutable strings, custom objects)
/// is a ``FastReference`` — a class instance — so a node shared in the file is one shared
/// instance in the tree, and ``FastCoder/data(with:)`` writes it back as one chunk plus aliases.
/// Cycles are possible through mutable containers and objects, exactly as in the file.
/// A tree is not `Sendable` (its nodes are mutable class instances): keep it within one task.
public indirect enum FastValue {
    /// `00` Nil: no object (an absent property value).
    case absent
    /// `01` Null: `NSNull`.
    case null
    /// `0D`/`0E` True/False: a boolean.
    case bool(Bool)
    /// An integer of any wire width (`2D` One, `2E` Zero, Int8…Int64); written back narrowed by value.
    case integer(Int64)
    /// `13` Float32.
    case float(Float)
    /// `14` Float64.
    case double(Double)
    /// `2C` DecimalNumber.
    case decimal(Decimal)
    /// `08` String: an immutable string (deduplicated by value on write).
    case string(String)
    /// `21` URL: a relative string and an optional base, itself a `.url` (deduplicated by value).
    case url(relative: String, base: FastValue?)
    /// `22`–`28`: an `NSValue` holding a geometry struct or a range.
    case structValue(FastStructValue)
    /// A node with identity: containers, data, dates, mutable strings, objects.
    case reference(FastReference)
}

extension FastValue {
    /// The Foundation URL of a `.url` node (resolving its base), or `nil` for other nodes.
    public var foundationURL: URL? {
        guard case let .url(relative, base) = self else { return nil }
        return URL(string: relative, relativeTo: base?.foundationURL)
    }
}
