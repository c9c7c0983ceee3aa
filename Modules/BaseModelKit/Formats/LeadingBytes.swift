import Foundation

/// The start of a text document for format sniffing: the first 4 KiB without a UTF-8 BOM and
/// leading white space.
enum LeadingBytes {
    static func significant(_ data: Data) -> Data.SubSequence {
        var bytes = data.prefix(4096)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return bytes.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }
}
