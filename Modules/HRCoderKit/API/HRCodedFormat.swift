import Foundation

/// HRCoder archives as CodingCore `ArchiveFormat` values: `.hrCodedXML`, `.hrCodedBinary`, `.hrCodedJSON`.
///
/// Encoding writes the format's bytes with the default options; decoding accepts any of the
/// three (HRCoder detects the kind), so a model can change its format and still read old files.
public struct HRCodedFormat: ArchiveFormat {
    /// The kind of bytes this format writes.
    public let outputFormat: HROutputFormat

    /// Creates the format value for `outputFormat`.
    public init(_ outputFormat: HROutputFormat) {
        self.outputFormat = outputFormat
    }

    /// `"hr-xml"`, `"hr-binary"` or `"hr-json"`.
    public var identifier: String {
        switch outputFormat {
        case .xml: "hr-xml"
        case .binary: "hr-binary"
        case .json: "hr-json"
        }
    }

    /// `"plist"` for both plist kinds, `"json"` for JSON.
    public var fileExtension: String { outputFormat == .json ? "json" : "plist" }

    /// ``ArchiveDetectionPriority/humanReadable``: after keyed archives, before plain formats.
    public var detectionPriority: ArchiveDetectionPriority { .humanReadable }

    /// The archive of `value` in this format, with HRCoder's default options.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        try HRCoder(outputFormat: outputFormat).encode(value)
    }

    /// Decodes a `T` from an HRCoder archive of any of the three kinds.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try HRCoder(outputFormat: outputFormat).decode(type, from: data)
    }

    /// XML: `<?xml` or `<plist` after an optional BOM and whitespace; binary: `bplist00`;
    /// JSON: first non-space byte `{` or `[`.
    public func recognizes(_ data: Data) -> Bool {
        switch outputFormat {
        case .binary:
            return data.starts(with: Array("bplist00".utf8))
        case .json:
            let first = HRDocumentKind.firstSignificantByte(data)
            return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        case .xml:
            var bytes = data.prefix(4096)[...]
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
            let text = bytes.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
            return text.starts(with: Array("<?xml".utf8)) || text.starts(with: Array("<plist".utf8))
        }
    }
}

extension ArchiveFormat where Self == HRCodedFormat {
    /// HRCoder archives as XML property lists (identifier `"hr-xml"`).
    public static var hrCodedXML: HRCodedFormat { HRCodedFormat(.xml) }
    /// HRCoder archives as binary property lists (identifier `"hr-binary"`).
    public static var hrCodedBinary: HRCodedFormat { HRCodedFormat(.binary) }
    /// HRCoder archives as JSON (identifier `"hr-json"`).
    public static var hrCodedJSON: HRCodedFormat { HRCodedFormat(.json) }
}
