import Foundation

/// HRCoder archives as CodingCore `ArchiveFormat` values: `.hrCodedXML`, `.hrCodedBinary`, `.hrCodedJSON`.
///
/// The format wraps a configured ``HRCoder`` (registry, depth limit, pretty-printing, user
/// info), as `FastCodingFormat` wraps its coders. Encoding writes the coder's
/// ``HRCoder/outputFormat``; decoding accepts any of the three kinds (HRCoder detects the
/// kind), so a model can change its format and still read old files.
public struct HRCodedFormat: ArchiveFormat {
    /// The coder that encodes and decodes; its ``HRCoder/outputFormat`` is the kind of bytes
    /// this format writes.
    public var coder: HRCoder

    /// The kind of bytes this format writes.
    public var outputFormat: HROutputFormat { coder.outputFormat }

    /// Creates the format for `outputFormat` with HRCoder's default options.
    public init(_ outputFormat: HROutputFormat) {
        coder = HRCoder(outputFormat: outputFormat)
    }

    /// Creates the format around a configured coder.
    public init(coder: HRCoder) {
        self.coder = coder
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

    /// The archive of `value` in this format, written by ``coder``.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        try coder.encode(value)
    }

    /// Decodes a `T` from an HRCoder archive of any of the three kinds, with ``coder``.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try coder.decode(type, from: data)
    }

    /// Decodes a `T` from an HRCoder archive of any of the three kinds layered over `base`, with
    /// ``coder`` (see ``HRCoder/decode(_:from:over:)``).
    public func decode<T: Codable>(_ type: T.Type, from data: Data, over base: T) throws -> T {
        try coder.decode(type, from: data, over: base)
    }

    /// Whether `data` is a document of this format's kind, judged as the original reader
    /// judges it: binary `bplist0…`; XML starting `<?xml` or `<plist`; JSON whose top level
    /// is an object or an array (each after an optional byte-order mark and whitespace).
    public func recognizes(_ data: Data) -> Bool {
        HRDocumentKind.sniff(data) == HRDocumentKind(outputFormat)
    }
}

extension ArchiveFormat where Self == HRCodedFormat {
    /// HRCoder archives as XML property lists (identifier `"hr-xml"`).
    public static var hrCodedXML: HRCodedFormat { HRCodedFormat(.xml) }
    /// HRCoder archives as binary property lists (identifier `"hr-binary"`).
    public static var hrCodedBinary: HRCodedFormat { HRCodedFormat(.binary) }
    /// HRCoder archives as JSON indented with two spaces (identifier `"hr-json"`).
    public static var hrCodedJSON: HRCodedFormat { HRCodedFormat(.json) }
    /// HRCoder archives as JSON on one line, without indentation (identifier `"hr-json"`, read
    /// as ``hrCodedJSON`` reads it).
    public static var hrCodedCompactJSON: HRCodedFormat {
        HRCodedFormat(coder: HRCoder(outputFormat: .json, prettyPrinted: false))
    }
}
