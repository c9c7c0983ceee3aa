import Foundation

/// An ``HRValue`` inside a Codable model is kept as it is by HRCoder (a raw subtree), and
/// written as its natural JSON/plist shape by other coders.
extension HRValue: Codable {
    /// The raw node under HRCoder; with other decoders, the value read as JSON-like data.
    public init(from decoder: any Decoder) throws {
        if let decoder = decoder as? HRDecoderImplementation {
            self = decoder.node
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? container.decode(Int64.self) {
            self = .integer(integer)
        } else if let wide = Self.wideInteger(container) {
            self = .wideInteger(wide)
        } else if let real = try? container.decode(Double.self) {
            self = .real(real)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([HRValue].self) {
            self = .array(items)
        } else {
            self = .dictionary(try container.decode([String: HRValue].self))
        }
    }

    /// Writes the node as it is (HRCoder keeps dates and data native).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case let .string(text): try container.encode(text)
        case let .integer(number): try container.encode(number)
        case let .wideInteger(number): try Self.encode(number, into: &container, codingPath: encoder.codingPath)
        case let .real(number): try container.encode(number)
        case let .bool(flag): try container.encode(flag)
        case let .date(date): try container.encode(date)
        case let .data(data): try container.encode(data)
        case let .array(items): try container.encode(items)
        case let .dictionary(entries): try container.encode(entries)
        case .null: try container.encodeNil()
        }
    }

    /// An integer outside `Int64` that `container` holds, as `UInt64`, `Int128` or `UInt128`.
    private static func wideInteger(_ container: any SingleValueDecodingContainer) -> HRWideInteger? {
        if let unsigned = try? container.decode(UInt64.self) { return HRWideInteger(exactly: unsigned) }
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return nil }
        if let signed = try? container.decode(Int128.self) { return HRWideInteger(exactly: signed) }
        if let unsigned = try? container.decode(UInt128.self) { return HRWideInteger(exactly: unsigned) }
        return nil
    }

    /// Writes `number` as the narrowest of `UInt64`, `Int128` and `UInt128` that holds it.
    private static func encode(
        _ number: HRWideInteger, into container: inout any SingleValueEncodingContainer, codingPath: [any CodingKey]
    ) throws {
        if let unsigned = number.exactly(as: UInt64.self) { return try container.encode(unsigned) }
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            if let signed = number.exactly(as: Int128.self) { return try container.encode(signed) }
            if let unsigned = number.exactly(as: UInt128.self) { return try container.encode(unsigned) }
        }
        throw EncodingError.invalidValue(
            number,
            EncodingError.Context(
                codingPath: codingPath,
                debugDescription: "\(number) at \(HRKeyPath.place(codingPath)) needs Int128 or UInt128 (macOS 15)"))
    }
}
