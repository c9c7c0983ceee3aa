import Foundation

/// One node of an HRCoder document: the property-list / JSON value tree an archive is made of.
///
/// ``HRCoder/archivedPlist(withRootObject:)`` hands you this tree so you can look at or edit an
/// archive before it is written, and `HRCoder.unarchive(_:from:)` decodes one, whether it
/// came from a plist, from JSON or was built by hand. Objects are `.dictionary` nodes tagged with
/// a `"$class"` string; shared objects appear once and elsewhere as `{"$alias": "<key path>"}`.
public enum HRValue: Sendable, Hashable {
    /// A text string (`<string>`, JSON string).
    case string(String)
    /// An integer (`<integer>`, a JSON number without fraction or exponent).
    case integer(Int64)
    /// An integer outside `Int64`'s range, up to 128 bits (`<integer>`, a JSON number, a
    /// 16-byte binary-plist integer). Readers and the encoder make it only for numbers that
    /// do not fit ``integer(_:)``. Boxed (`indirect`), so the rare wide number does not make
    /// every node larger.
    indirect case wideInteger(HRWideInteger)
    /// A floating-point number (`<real>`, a JSON number with fraction or exponent).
    case real(Double)
    /// A boolean (`<true/>`/`<false/>`, JSON `true`/`false`).
    case bool(Bool)
    /// A date: native in plists; JSON writes `{"$class":"NSDate","NS.time":<seconds since 2001>}`.
    case date(Date)
    /// Bytes: native in plists; JSON writes `{"$class":"NSData","$data":"<base64>"}`.
    case data(Data)
    /// An ordered list of values.
    case array([HRValue])
    /// String-keyed values; writers emit the keys sorted, so output is deterministic.
    case dictionary([String: HRValue])
    /// JSON `null` (plists write it as `{"$class":"NSNull"}`).
    case null
}

extension HRValue {
    /// The reserved key that names an object's class.
    public static let classKey = "$class"
    /// The reserved key of an alias dictionary: its value is the key path of the shared object.
    public static let aliasKey = "$alias"
    /// The reserved key holding base64 text of a data object (JSON form, accepted everywhere).
    public static let dataKey = "$data"
    /// The alias target that names the root object.
    public static let rootPath = "$root"

    /// The key path of an alias dictionary (`{"$alias": "…"}`), or `nil` for any other value.
    public var aliasTarget: String? {
        guard case let .dictionary(entries) = self, let target = entries[Self.aliasKey] else { return nil }
        if case let .string(path) = target { return path }
        return nil
    }

    /// The value of `$class` when this is a dictionary that has a string there.
    public var className: String? {
        guard case let .dictionary(entries) = self, case let .string(name)? = entries[Self.classKey] else { return nil }
        return name
    }

    /// A short name of the node's kind for error messages (`"a string"`, `"a dictionary"`, …).
    public var kindDescription: String {
        switch self {
        case .string: "a string"
        case .integer, .wideInteger: "an integer"
        case .real: "a real number"
        case .bool: "a boolean"
        case .date: "a date"
        case .data: "data"
        case .array: "an array"
        case .dictionary: aliasTarget != nil ? "an alias" : "a dictionary"
        case .null: "null"
        }
    }

    /// The same tree as JSON can carry it: dates and data become their tagged dictionaries.
    ///
    /// This is what ``HRCoder/archivedJSON(withRootObject:)`` returns; the result holds only
    /// strings, numbers, booleans, null, arrays and dictionaries.
    public var jsonCompatible: HRValue {
        switch self {
        case let .date(date): Self.taggedDate(date)
        case let .data(data): Self.taggedData(data)
        case let .array(items): .array(items.map(\.jsonCompatible))
        case let .dictionary(entries): .dictionary(entries.mapValues(\.jsonCompatible))
        default: self
        }
    }

    /// `{"$class":"NSDate","NS.time":t}`, the JSON form of a date.
    static func taggedDate(_ date: Date) -> HRValue {
        .dictionary([classKey: .string("NSDate"), "NS.time": .real(date.timeIntervalSinceReferenceDate)])
    }

    /// `{"$class":"NSData","$data":"…"}`, the JSON form of bytes.
    static func taggedData(_ data: Data) -> HRValue {
        .dictionary([classKey: .string("NSData"), dataKey: .string(data.base64EncodedString())])
    }

    /// `{"$class":"NSNull"}`, the plist form of null.
    static let taggedNull: HRValue = .dictionary([classKey: .string("NSNull")])
}
