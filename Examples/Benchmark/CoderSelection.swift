/// Narrows the catalog to the coders named with `--coders`, keeping the Foundation peers they
/// compare with so their ratios can be computed.
enum CoderSelection {
    /// A `--coders` name that is not in the catalog.
    struct UnknownCoder: Error, CustomStringConvertible {
        var name: String
        var known: [String]
        var description: String { "unknown coder \"\(name)\"; known coders: \(known.joined(separator: ", "))" }
    }

    static func select(_ names: [String]?, from catalog: [CatalogEntry]) throws -> [CatalogEntry] {
        guard let names else { return catalog }
        let known = catalog.map(\.name)
        if let unknown = names.first(where: { !known.contains($0) }) {
            throw UnknownCoder(name: unknown, known: known)
        }
        let peers = catalog.filter { names.contains($0.name) }.compactMap(\.peer)
        return catalog.filter { names.contains($0.name) || peers.contains($0.name) }
    }
}
