import Foundation

/// One value of a keyed archive, as the untyped reader sees it.
///
/// Immutable Foundation values (`NSString`, `NSNumber`, `NSDate`, `NSData`, `NSURL`, `NSNull`)
/// and the property list's own scalars are values; everything with identity (arrays,
/// dictionaries, sets, mutable strings and data, every other class) lives in the graph's object
/// table and is referred to by ``object(_:)``, so shared objects stay shared and cycles can be
/// represented.
public indirect enum KeyedArchiveValue: Hashable, Sendable {
    /// UID 0 (`$null`): no object.
    case nilReference
    /// An `NSNull` instance (or a binary plist's null marker).
    case null
    /// A boolean (plist `true`/`false`).
    case bool(Bool)
    /// An integer that fits `Int64`, whatever width it was stored in.
    case integer(Int64)
    /// An integer above `Int64.max`.
    case unsignedInteger(UInt64)
    /// A real (4- or 8-byte plist real).
    case real(Double)
    /// A string: a plist string or an immutable `NSString`.
    case string(String)
    /// An immutable `NSData` or plist data.
    case data(Data)
    /// An `NSDate` or plist date.
    case date(Date)
    /// An `NSURL`: its relative string and its base URL (another `.url`), if any.
    case url(relative: String, base: KeyedArchiveValue?)
    /// An object with identity, in the graph's ``KeyedObjectGraph/objects`` table.
    case object(KeyedObjectID)
    /// A property list array stored inline in an object's dictionary (not through a UID).
    case array([KeyedArchiveValue])
    /// A property list dictionary stored inline in an object's dictionary (not through a UID).
    case dictionary([KeyedArchiveProperty])
}
