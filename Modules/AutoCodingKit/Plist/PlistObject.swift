import Foundation

/// One object of a property list, as read: containers are runs of object indexes in the
/// document's reference pool (``PlistDocument/references``), so shared children stay shared,
/// nothing is expanded, and no container has storage of its own. Strings and data are indexes
/// into the document's ``PlistDocument/strings`` and ``PlistDocument/data``: the object holds
/// no reference, so the table is 16 bytes an object and freeing it does not walk it.
///
/// Integers keep their stored width and reals their size, and dictionaries keep their key
/// order, which a keyed archive's writer and inspection tools care about.
enum PlistObject: Sendable, Equatable {
    /// The binary plist's `null` marker (0x00); XML has none.
    case null
    case bool(Bool)
    /// An integer and the number of bytes it was stored in (1, 2, 4, 8; 16 for unsigned 64-bit).
    case integer(Int64, width: UInt8)
    /// An unsigned integer above `Int64.max` (stored in 16 bytes).
    case unsignedInteger(UInt64)
    /// A real and its size in bytes (4 or 8).
    case real(Double, width: UInt8)
    /// A date, in seconds since 2001-01-01 00:00:00 UTC.
    case date(Double)
    /// Data: its index in ``PlistDocument/data``.
    case data(UInt32)
    /// A string: its index in ``PlistDocument/strings``.
    case string(UInt32)
    /// A binary plist's ASCII string too long to be stored inline in a `String`: its index in
    /// ``PlistDocument/texts``. The `String` is made from the input bytes when it is read, so it
    /// is allocated where the decoded value needs it, and the document holds no reference to it.
    case text(UInt32)
    /// A keyed archive's reference into `$objects`.
    case uid(UInt64)
    case array(PlistList)
    case set(PlistList)
    /// Keys (always string objects) then values, in stored order: see ``PlistDictionary``.
    case dictionary(PlistDictionary)

    /// A short name of the kind, for messages ("a string", "an array").
    var kindDescription: String {
        switch self {
        case .null: "a null"
        case .bool: "a boolean"
        case .integer, .unsignedInteger: "an integer"
        case .real: "a real"
        case .date: "a date"
        case .data: "data"
        case .string, .text: "a string"
        case .uid: "a UID"
        case .array: "an array"
        case .set: "a set"
        case .dictionary: "a dictionary"
        }
    }
}
