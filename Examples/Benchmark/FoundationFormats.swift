import CodingCore
import Foundation

/// Foundation's `JSONEncoder`/`JSONDecoder` as an ``ArchiveFormat``, so the peer rows run
/// through the same path as the suite's kits.
struct FoundationJSONFormat: ArchiveFormat {
    var identifier: String { "foundation-json" }
    var fileExtension: String { "json" }

    func encode<T: Encodable>(_ value: T) throws -> Data {
        try JSONEncoder().encode(value)
    }

    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }

    func recognizes(_ data: Data) -> Bool {
        data.first == UInt8(ascii: "[") || data.first == UInt8(ascii: "{")
    }
}

/// Foundation's `PropertyListEncoder`/`PropertyListDecoder` in one output format, as an ``ArchiveFormat``.
struct FoundationPropertyListFormat: ArchiveFormat {
    var outputFormat: PropertyListSerialization.PropertyListFormat

    var identifier: String { outputFormat == .binary ? "foundation-plist-binary" : "foundation-plist-xml" }
    var fileExtension: String { "plist" }

    func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = outputFormat
        return try encoder.encode(value)
    }

    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try PropertyListDecoder().decode(type, from: data)
    }

    func recognizes(_ data: Data) -> Bool {
        data.starts(with: Array((outputFormat == .binary ? "bplist" : "<?xml").utf8))
    }
}
