import CodingCore
import Foundation

/// Which parser a document needs, judged from its first bytes: the one sniffing rule of the kit.
enum HRDocumentKind {
    case xml, binary, json

    /// The kind written for `outputFormat`.
    init(_ outputFormat: HROutputFormat) {
        switch outputFormat {
        case .xml: self = .xml
        case .binary: self = .binary
        case .json: self = .json
        }
    }

    /// The kind of a document as the original accepts documents: `bplist0` → binary; `<?xml`
    /// or `<plist` → XML; a top-level object or array (`{`, `[`) → JSON; else `nil`.
    static func sniff(_ data: Data) -> HRDocumentKind? {
        if BinaryPlistScanner.looksLikeBinary(data) { return .binary }
        let text = significantBytes(data)
        guard let first = text.first else { return nil }
        switch first {
        case UInt8(ascii: "<"):
            return text.starts(with: Array("<?xml".utf8)) || text.starts(with: Array("<plist".utf8)) ? .xml : nil
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return .json
        default:
            return nil
        }
    }

    /// The parser to try: ``sniff(_:)``'s answer, else a looser guess (any `<` → XML, a JSON
    /// fragment → JSON) so that the parser, not the sniff, says what is wrong with the bytes.
    static func detect(_ data: Data) -> HRDocumentKind? {
        if let kind = sniff(data) { return kind }
        guard let first = significantBytes(data).first else { return nil }
        switch first {
        case UInt8(ascii: "<"): return .xml
        case UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return .json
        default: return nil
        }
    }

    /// The bytes from the first one after an optional UTF-8 byte-order mark and whitespace.
    private static func significantBytes(_ data: Data) -> Data.SubSequence {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return bytes.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }
}
