import AutoCodingKit
import FastCodingKit
import HRCoderKit

/// Every coder the benchmark knows, in the order rows are printed: the Foundation peers, then
/// the suite's kits. A kit that is not built yet is a ``MissingCoder``; wiring it in means
/// adding the kit to the `Benchmark` target's dependencies and replacing its line with a
/// ``FormatCoder`` over the kit's `ArchiveFormat` value, e.g.
/// `.available(FormatCoder(name: "keyed", format: .keyedArchive, peer: jsonPeer, keepsIdentity: true))`.
enum CoderCatalog {
    /// Peer names, as used in the `peer` column and JSON field.
    static let jsonPeer = "JSONEncoder"
    static let binaryPlistPeer = "PropertyListEncoder-binary"
    static let xmlPlistPeer = "PropertyListEncoder-xml"
    static let keyedArchiverPeer = "NSKeyedArchiver"

    /// All coders; `keyedArchiverRecords` sizes the `NSKeyedArchiver` row.
    static func all(keyedArchiverRecords: Int) -> [CatalogEntry] {
        [
            .available(FormatCoder(name: jsonPeer, format: FoundationJSONFormat(), peer: nil, keepsIdentity: false)),
            .available(FormatCoder(
                name: binaryPlistPeer, format: FoundationPropertyListFormat(outputFormat: .binary),
                peer: nil, keepsIdentity: false
            )),
            .available(FormatCoder(
                name: xmlPlistPeer, format: FoundationPropertyListFormat(outputFormat: .xml),
                peer: nil, keepsIdentity: false
            )),
            .available(KeyedArchiverCoder(records: keyedArchiverRecords)),
            .available(FormatCoder(name: "fastcoding", format: .fastCoding, peer: jsonPeer, keepsIdentity: true)),
            .available(FormatCoder(name: "hr-json", format: .hrCodedJSON, peer: jsonPeer, keepsIdentity: true)),
            .available(FormatCoder(name: "hr-xml", format: .hrCodedXML, peer: xmlPlistPeer, keepsIdentity: true)),
            .available(FormatCoder(name: "hr-binary", format: .hrCodedBinary, peer: binaryPlistPeer, keepsIdentity: true)),
            .available(FormatCoder(name: "keyed", format: .keyedArchive, peer: binaryPlistPeer, keepsIdentity: true)),
            .missing(MissingCoder(name: "encrypted-fastcoding", peer: jsonPeer, reason: laterIssue("CryptoCodingKit"))),
        ]
    }

    private static func laterIssue(_ kit: String) -> String {
        "not built yet (\(kit) arrives in a later issue)"
    }
}
