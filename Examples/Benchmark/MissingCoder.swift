/// A coder of the suite whose kit is not available in this build: it appears in the results
/// with its reason and no figures, so nothing is faked.
struct MissingCoder {
    let name: String
    let peer: String?
    /// Why there are no figures, e.g. that its kit is left out of this build.
    let reason: String
}

/// One line of the ``CoderCatalog``: a coder that runs, or one that is missing.
enum CatalogEntry {
    case available(any BenchmarkCoder)
    case missing(MissingCoder)

    var name: String {
        switch self {
        case .available(let coder): coder.name
        case .missing(let coder): coder.name
        }
    }

    var peer: String? {
        switch self {
        case .available(let coder): coder.peer
        case .missing(let coder): coder.peer
        }
    }
}
