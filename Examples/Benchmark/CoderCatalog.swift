import AutoCodingKit
import CryptoCodingKit
import FastCodingKit
import HRCoderKit

/// Every coder the benchmark knows, in the order rows are printed: the Foundation peers, then
/// the suite's kits. A new kit's row is one ``FormatCoder`` over its `ArchiveFormat` value (the
/// `Benchmark` target already depends on every kit of Package.swift's `kits` table).
enum CoderCatalog {
    /// Peer names, as used in the `peer` column and JSON field.
    static let jsonPeer = "JSONEncoder"
    static let binaryPlistPeer = "PropertyListEncoder-binary"
    static let xmlPlistPeer = "PropertyListEncoder-xml"
    static let keyedArchiverPeer = "NSKeyedArchiver"

    /// All coders; `keyedArchiverRecords` sizes the `NSKeyedArchiver` row.
    static func all(keyedArchiverRecords: Int) -> [CatalogEntry] {
        [
            .available(
                FormatCoder(
                    name: jsonPeer, format: FoundationJSONFormat(), peer: nil, keepsIdentity: false, evolves: false)),
            .available(
                FormatCoder(
                    name: binaryPlistPeer, format: FoundationPropertyListFormat(outputFormat: .binary),
                    peer: nil, keepsIdentity: false, evolves: false
                )),
            .available(
                FormatCoder(
                    name: xmlPlistPeer, format: FoundationPropertyListFormat(outputFormat: .xml),
                    peer: nil, keepsIdentity: false, evolves: false
                )),
            .available(KeyedArchiverCoder(records: keyedArchiverRecords)),
            .available(FormatCoder(name: "fastcoding", format: .fastCoding, peer: jsonPeer, keepsIdentity: true)),
            // Compact, as JSONEncoder writes by default: the row compares like output.
            .available(
                FormatCoder(name: "hr-json", format: .hrCodedCompactJSON, peer: jsonPeer, keepsIdentity: true)),
            .available(FormatCoder(name: "hr-xml", format: .hrCodedXML, peer: xmlPlistPeer, keepsIdentity: true)),
            .available(
                FormatCoder(name: "hr-binary", format: .hrCodedBinary, peer: binaryPlistPeer, keepsIdentity: true)),
            .available(FormatCoder(name: "keyed", format: .keyedArchive, peer: binaryPlistPeer, keepsIdentity: true)),
            // With the shared key cache: the key is derived once, by the untimed check run.
            .available(
                FormatCoder(
                    name: "encrypted-fastcoding", format: .encrypted(.fastCoding, password: "benchmark password"),
                    peer: "fastcoding", keepsIdentity: true
                )),
        ]
    }
}
