import CodingCore
import Foundation

/// Builds an ``HRObjectGraph`` from a document tree.
struct HRObjectGraphBuilder {
    private let root: HRValue
    private let maximumDepth: Int
    private var depth = 0
    private var stackSpace = StackSpace()
    private var nodes: [HRObjectGraph.Node] = []
    /// Node numbers by position: the keys and indices from the root, compared one by one.
    private var numbers: [[String]: Int] = [:]

    init(root: HRValue, maximumDepth: Int) {
        self.root = root
        self.maximumDepth = maximumDepth
    }

    mutating func build() throws -> HRObjectGraph {
        let top = try node(root, at: [], isRoot: true)
        return HRObjectGraph(nodes: nodes, root: top)
    }

    private func failure(_ path: [String], _ message: String) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: path.map(HRKeyPath.codingKey), debugDescription: message))
    }

    private mutating func node(_ value: HRValue, at path: [String], isRoot: Bool = false) throws -> Int {
        if let known = numbers[path] { return known }
        if !isRoot, let target = value.aliasTarget { return try alias(target, at: path) }
        if case let .dictionary(entries) = value, let alias = entries[HRValue.aliasKey], !isRoot {
            throw failure(
                path, "$alias at \(HRKeyPath.place(path)) must be a key path string, found \(alias.kindDescription)")
        }
        depth += 1
        defer { depth -= 1 }
        guard depth <= maximumDepth else {
            throw failure(path, "values nest deeper than the limit of \(maximumDepth) at \(HRKeyPath.place(path))")
        }
        if stackSpace.isRunningOut(atDepth: depth) {
            throw failure(path, StackSpace.message(depth: depth) + " at \(HRKeyPath.place(path))")
        }
        let number = nodes.count
        nodes.append(.scalar(.null))
        numbers[path] = number
        nodes[number] = try content(of: value, at: path)
        return number
    }

    private mutating func content(of value: HRValue, at path: [String]) throws -> HRObjectGraph.Node {
        switch value {
        case let .array(items):
            var children: [Int] = []
            children.reserveCapacity(items.count)
            for (index, item) in items.enumerated() { children.append(try node(item, at: path + [String(index)])) }
            return .array(children)
        case let .dictionary(entries):
            if let special = Self.specialScalar(value) { return .scalar(special) }
            var children: [String: Int] = [:]
            for (name, child) in entries where name != HRValue.classKey {
                children[name] = try node(child, at: path + [name])
            }
            switch entries[HRValue.classKey] {
            case nil: return .dictionary(children)
            case let .string(className)?: return .object(className: className, properties: children)
            case let other?:
                throw failure(
                    path + [HRValue.classKey],
                    "$class at \(HRKeyPath.place(path)) must be a class name string, found \(other.kindDescription)")
            }
        default:
            return .scalar(value)
        }
    }

    /// Dates, data and null written as tagged dictionaries.
    private static func specialScalar(_ value: HRValue) -> HRValue? {
        switch value.className {
        case "NSNull": return .null
        case "NSDate": return Date(hrValue: value).map(HRValue.date)
        case "NSData", "NSMutableData", nil: return Data(hrValue: value).map(HRValue.data)
        default: return nil
        }
    }

    private mutating func alias(_ target: String, at path: [String]) throws -> Int {
        let here = HRKeyPath.string(path)
        var targetPath = target
        var visited = [here]
        while true {
            if let known = numbers[HRKeyPath.components(targetPath)] { return known }
            guard let value = HRDecodingState.node(at: targetPath, in: root) else {
                throw failure(
                    path, "the alias at '\(here)' points to '\(targetPath)', which is not a key path in this document")
            }
            if let next = value.aliasTarget {
                visited.append(targetPath)
                guard !visited.contains(next) else {
                    throw failure(path, "alias loop: \((visited + [next]).map { "'\($0)'" }.joined(separator: " → "))")
                }
                targetPath = next
                continue
            }
            return try node(value, at: HRKeyPath.components(targetPath), isRoot: targetPath == HRValue.rootPath)
        }
    }
}
