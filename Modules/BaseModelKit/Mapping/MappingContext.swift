/// Where the dictionary mapping is: for error messages and the nesting limit.
struct MappingContext {
    /// The model type being built, for messages.
    let typeName: String
    /// Dotted path from the outermost value, e.g. `items[2].label`; empty at the top.
    let path: String
    let depth: Int

    static func top(_ typeName: String) -> MappingContext {
        MappingContext(typeName: typeName, path: "", depth: 0)
    }

    var displayPath: String { path.isEmpty ? "(top level)" : path }

    func key(_ key: String) throws -> MappingContext {
        try deeper(path.isEmpty ? key : "\(path).\(key)")
    }

    func index(_ index: Int) throws -> MappingContext {
        try deeper("\(path)[\(index)]")
    }

    private func deeper(_ path: String) throws -> MappingContext {
        let next = MappingContext(typeName: typeName, path: path, depth: depth + 1)
        guard next.depth <= ArchiveLimits.defaultMaximumDepth else {
            throw BaseModelError.nestingTooDeep(type: typeName, path: path, limit: ArchiveLimits.defaultMaximumDepth)
        }
        return next
    }
}
