import Foundation

extension HRObjectGraph {
    /// A graph whose root is the node numbered `root` among `nodes`.
    ///
    /// Node numbers are identities: several positions holding the same number hold the same
    /// object, and ``archiveTree(maximumDepth:)`` writes it once and `$alias`es it elsewhere. Numbers are
    /// checked when the graph is written, not here.
    public init(root: Int, nodes: [Node]) {
        self.nodes = nodes
        self.root = root
    }

    /// The archive document of this graph: the untyped writer, the inverse of
    /// ``HRCoder/objectGraph(from:)``.
    ///
    /// Arrays, dictionaries and objects are written in full where they first occur (depth
    /// first, keys in sorted order, as the document writers emit them) and as
    /// `{"$alias": "<key path>"}` everywhere else, so shared objects stay shared and cycles
    /// point back to their ancestors (`$root` for the root). Scalars are values and are written
    /// in full each time. Objects keep their class name in `$class`.
    ///
    /// - Parameter maximumDepth: the deepest nesting written (the reader's default limit).
    /// - Throws: `EncodingError.invalidValue` for a node number outside ``nodes``, a key
    ///   HRCoder reserves (`$class`, `$alias`) used as a dictionary key or property name, a key
    ///   containing `.` on the way to a node that is aliased (key paths have no escaping), or
    ///   nesting deeper than `maximumDepth`.
    public func archiveTree(maximumDepth: Int = HRCoder.defaultMaximumDepth) throws -> HRValue {
        var writer = HRObjectGraphWriter(graph: self, maximumDepth: maximumDepth)
        return try writer.write(root, at: [])
    }
}

extension HRCoder {
    /// The bytes of `graph` in ``outputFormat``: ``HRObjectGraph/archiveTree(maximumDepth:)``
    /// then ``serialize(_:)``.
    public func data(with graph: HRObjectGraph) throws -> Data {
        try serialize(try graph.archiveTree(maximumDepth: maximumDepth))
    }
}

/// Writes an ``HRObjectGraph`` as a document tree, remembering where each shared node was written.
struct HRObjectGraphWriter {
    private let graph: HRObjectGraph
    private let maximumDepth: Int
    /// The key path components where each written container or object is.
    private var written: [Int: [String]] = [:]

    init(graph: HRObjectGraph, maximumDepth: Int) {
        self.graph = graph
        self.maximumDepth = maximumDepth
    }

    private func failure(_ path: [String], _ message: String) -> EncodingError {
        .invalidValue(
            path,
            EncodingError.Context(
                codingPath: path.map(HRKeyPath.codingKey), debugDescription: message))
    }

    mutating func write(_ number: Int, at path: [String]) throws -> HRValue {
        guard graph.nodes.indices.contains(number) else {
            throw failure(
                path,
                "node number \(number) at \(HRKeyPath.place(path)) is not in the graph "
                    + "(\(graph.nodes.count) nodes)")
        }
        let node = graph.nodes[number]
        if case let .scalar(value) = node { return try scalar(value, at: path) }
        if let target = written[number] {
            if let dotted = target.first(where: { $0.contains(".") }) {
                throw failure(
                    path,
                    "the shared node at \(HRKeyPath.place(target)) cannot be aliased: "
                        + "its key '\(dotted)' contains '.', which HRCoder key paths cannot escape")
            }
            return .dictionary([HRValue.aliasKey: .string(HRKeyPath.string(target))])
        }
        guard path.count < maximumDepth else {
            throw failure(path, "values nest deeper than the limit of \(maximumDepth) at \(HRKeyPath.place(path))")
        }
        written[number] = path
        switch node {
        case let .array(items):
            var values: [HRValue] = []
            values.reserveCapacity(items.count)
            for (index, item) in items.enumerated() { values.append(try write(item, at: path + [String(index)])) }
            return .array(values)
        case let .dictionary(entries):
            return .dictionary(try members(entries, at: path))
        case let .object(className, properties):
            var members = try members(properties, at: path)
            members[HRValue.classKey] = .string(className)
            return .dictionary(members)
        case .scalar:
            return .null
        }
    }

    private mutating func members(_ entries: [String: Int], at path: [String]) throws -> [String: HRValue] {
        var members: [String: HRValue] = [:]
        for key in entries.keys.sorted() {
            guard key != HRValue.classKey, key != HRValue.aliasKey else {
                throw failure(path + [key], "'\(key)' at \(HRKeyPath.place(path)) is a key HRCoder reserves")
            }
            members[key] = try write(entries[key] ?? 0, at: path + [key])
        }
        return members
    }

    private func scalar(_ value: HRValue, at path: [String]) throws -> HRValue {
        switch value {
        case .array, .dictionary:
            throw failure(path, "a scalar node at \(HRKeyPath.place(path)) holds \(value.kindDescription)")
        default:
            return value
        }
    }
}
