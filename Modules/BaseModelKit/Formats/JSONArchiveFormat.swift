import Foundation

/// Plain JSON (Foundation's `JSONEncoder`) as an ``ArchiveFormat``: `.json`, files `*.json`.
///
/// Dates are ISO 8601 strings in UTC, exact to the bit: the whole second, then the fraction
/// left over in the fewest digits that read back as the same `Double` (`2026-11-24T09:30:00.25Z`;
/// years before 0 or after 9999 as `-0001`, `+11507`). The original wrote milliseconds in the
/// device's local time with a literal `Z`, which was wrong everywhere but UTC. Reading accepts
/// that shape too, with or without fractional seconds and with `Z` or a `±hh:mm` offset; any
/// other text is not a date. `Decimal.nan` is refused at encode (JSON numbers are finite), as
/// are non-finite `Double`s and `Float`s. `Data` is base64 without line breaks, as the
/// original's. Keys are sorted, so the same model writes the same bytes.
public struct JSONArchiveFormat: PlainObjectFormat {
    /// Creates the format value.
    public init() {}

    /// `"json"`.
    public var identifier: String { "json" }

    /// `"json"`.
    public var fileExtension: String { "json" }

    /// Compact JSON of `value` with sorted keys and ISO 8601 UTC dates.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try PlainValueScreen(writer: .json).encode(value) { try encoder.encode($0) }
    }

    /// Decodes a `T` from JSON, with the suite's evolution rules for ``Evolvable`` types and the
    /// original's exact lenient conversions (`"42"` for an `Int`; see ``BaseModel/instance(with:)``).
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try PlainDecoding.decode(type, from: object(from: data), inputSize: data.count).value
    }

    /// Decodes a `T` from JSON layered over `base`: each top-level key the JSON lacks keeps
    /// `base`'s value.
    public func decode<T: Codable>(_ type: T.Type, from data: Data, over base: T) throws -> T {
        let defaults = try TypeDefaults.layering(over: base, userInfo: [:])
        return try PlainDecoding.decode(type, from: object(from: data), inputSize: data.count, over: defaults).value
    }

    /// The first byte after an optional BOM and white space is `{`, `[` or `"`.
    public func recognizes(_ data: Data) -> Bool {
        guard let first = LeadingBytes.significant(data).first else { return false }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || first == UInt8(ascii: "\"")
    }

    func object(from data: Data) throws -> Any {
        try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }
}

extension ArchiveFormat where Self == JSONArchiveFormat {
    /// Plain JSON with ISO 8601 UTC dates (identifier `"json"`).
    public static var json: JSONArchiveFormat { JSONArchiveFormat() }
}
