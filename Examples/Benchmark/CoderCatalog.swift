/// Every coder the benchmark knows, in the order rows are printed: the Foundation peers, then
/// the suite's kits. A kit that is not built yet is a ``MissingCoder``; wiring it in means
/// replacing that line with a ``FormatCoder`` over the kit's `ArchiveFormat` value.
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
            .missing(MissingCoder(name: "fastcoding", peer: jsonPeer, reason: notMerged("FastCodingKit"))),
            .missing(MissingCoder(name: "hr-json", peer: jsonPeer, reason: notMerged("HRCoderKit"))),
            .missing(MissingCoder(name: "hr-xml", peer: xmlPlistPeer, reason: notMerged("HRCoderKit"))),
            .missing(MissingCoder(name: "hr-binary", peer: binaryPlistPeer, reason: notMerged("HRCoderKit"))),
            .missing(MissingCoder(name: "keyed", peer: jsonPeer, reason: laterIssue("AutoCodingKit"))),
            .missing(MissingCoder(name: "encrypted-fastcoding", peer: jsonPeer, reason: laterIssue("CryptoCodingKit"))),
        ]
    }

    private static func notMerged(_ kit: String) -> String {
        "not built yet (\(kit) is not merged into this branch yet)"
    }

    private static func laterIssue(_ kit: String) -> String {
        "not built yet (\(kit) arrives in a later issue)"
    }
}
