import Foundation

extension HRCoder {
    /// Reads XML plist, binary plist or JSON bytes into an object graph without model types.
    ///
    /// - Throws: ``HRCoderError`` for unreadable bytes, `DecodingError` for aliases to missing
    ///   paths, alias loops, a non-string `$class`, or nesting beyond ``maximumDepth``.
    public func objectGraph(from data: Data) throws -> HRObjectGraph {
        try objectGraph(fromTree: try parse(data))
    }

    /// Resolves the aliases of an archive tree into an object graph.
    public func objectGraph(fromTree tree: HRValue) throws -> HRObjectGraph {
        var builder = HRObjectGraphBuilder(root: tree, maximumDepth: maximumDepth)
        return try builder.build()
    }

    /// The untyped reader with default options (the entry point fuzzers call).
    public static func object(with data: Data) throws -> HRObjectGraph {
        try HRCoder().objectGraph(from: data)
    }
}
