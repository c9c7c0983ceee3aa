import Foundation

/// Which parser a document needs, judged from its first bytes.
enum HRDocumentKind {
    case xml, binary, json

    /// `bplist0` → binary; first non-space byte `<` → XML; `{`, `[` or another JSON value start → JSON.
    static func detect(_ data: Data) -> HRDocumentKind? {
        if data.starts(with: Array("bplist0".utf8)) { return .binary }
        guard let first = firstSignificantByte(data) else { return nil }
        switch first {
        case UInt8(ascii: "<"): return .xml
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return .json
        default: return nil
        }
    }

    /// The first byte after an optional UTF-8 byte-order mark and whitespace.
    static func firstSignificantByte(_ data: Data) -> UInt8? {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return bytes.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
    }
}
