import Foundation

/// Everything one decoding run shares: the whole document (for aliases), options, and the
/// objects decoded so far, by key path.
final class HRDecodingState {
    let root: HRValue
    let registry: ClassNameRegistry
    let maximumDepth: Int
    let userInfo: [CodingUserInfoKey: Any]
    var depth = 0
    /// The deepest level the value being decoded reaches, shared values included: a cached
    /// value or instance reused at depth `d` reaches `d` plus its height, so aliases of aliases
    /// cannot build a value deeper than `maximumDepth` (freeing it would exhaust the stack).
    @exclusivity(unchecked) var reach = 0
    /// Values decoded so far, a shared value counted at every place it is used.
    @exclusivity(unchecked) var materialised = 0
    /// The most values this decode may materialise (see `HRCoder.maximumExpansion`).
    let expansionBudget: Int
    /// Class instances by the key path of their full copy (`$root` for the root).
    var objects: [String: SharedObject] = [:]

    /// A decoded class instance and how many levels it reaches, itself included.
    struct SharedObject {
        let object: AnyObject
        let height: Int
    }
    /// Key paths whose value is being decoded right now, innermost last (aliases to them are
    /// back-references). A stack: it only ever holds the ancestors of the current value.
    var inProgress: [String] = []
    /// Classes already resolved for a recorded name and an expected type.
    var resolvedClasses: [ResolvedClassKey: any Decodable.Type] = [:]

    struct ResolvedClassKey: Hashable {
        let name: String
        let expected: ObjectIdentifier
    }
    /// Non-class values decoded for aliases, by target path and type, so shared subtrees are
    /// decoded once however many aliases name them.
    var aliasValues: [AliasValueKey: CachedValue] = [:]

    /// A value decoded for an alias, with the levels it nests below the alias and the values it stands for.
    struct CachedValue {
        let value: Any
        let height: Int
        let weight: Int
    }

    struct AliasValueKey: Hashable {
        let path: String
        let type: ObjectIdentifier
    }

    init(
        root: HRValue, registry: ClassNameRegistry, maximumDepth: Int, userInfo: [CodingUserInfoKey: any Sendable] = [:],
        expansionBudget: Int
    ) {
        self.root = root
        self.registry = registry
        self.maximumDepth = maximumDepth
        self.userInfo = userInfo
        self.expansionBudget = expansionBudget
    }

    private func tooDeep(_ codingPath: [any CodingKey]) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "values nest deeper than the limit of \(maximumDepth) at '\(HRKeyPath.string(codingPath))', counted through aliases"))
    }

    /// Counts `count` more values materialised, refusing to go past the expansion budget.
    /// Containers count their elements as they open (each value is an element of one container).
    func materialise(_ count: Int, at codingPath: [any CodingKey]) throws {
        materialised += count
        guard materialised <= expansionBudget else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "the document expands to more than \(expansionBudget) values through shared aliases at '\(HRKeyPath.string(codingPath))'; raise maximumExpansion if it is trusted"))
        }
    }

    /// A shared value of `height` levels used here: the levels it reaches.
    private func reachThrough(height: Int, at codingPath: [any CodingKey]) throws {
        let sharedReach = depth + height
        guard sharedReach <= maximumDepth else { throw tooDeep(codingPath) }
        reach = max(reach, sharedReach)
    }

    /// Decodes the whole document as `T`.
    func decodeRoot<T: Decodable>(_ type: T.Type) throws -> T {
        inProgress.append(HRValue.rootPath)
        defer { inProgress.removeLast() }
        return try unbox(root, as: type, at: [])
    }

    /// Decodes `node`, found at `codingPath`, as `T`: follows aliases, reads special types,
    /// resolves `$class` for classes and remembers class instances for later aliases.
    func unbox<T: Decodable>(_ node: HRValue, as type: T.Type, at codingPath: [any CodingKey]) throws -> T {
        if case let .dictionary(entries) = node, let alias = entries[HRValue.aliasKey] {
            guard case let .string(target) = alias else {
                throw DecodingError.typeMismatch(String.self, DecodingError.Context(
                    codingPath: codingPath + [HRStringKey(HRValue.aliasKey)],
                    debugDescription: "$alias at '\(HRKeyPath.string(codingPath))' must be a key path string, found \(alias.kindDescription)"))
            }
            return try resolveAlias(target, as: type, at: codingPath)
        }
        if let special = type as? any HRSpecialValue.Type {
            guard let value = special.init(hrValue: node) as? T else {
                throw DecodingError.typeMismatch(type, DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "expected \(special.hrExpectation) at '\(HRKeyPath.string(codingPath))', found \(node.kindDescription)"))
            }
            return value
        }
        depth += 1
        defer { depth -= 1 }
        guard depth <= maximumDepth else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "values nest deeper than the limit of \(maximumDepth) at '\(HRKeyPath.string(codingPath))'"))
        }
        reach = max(reach, depth)
        if type is AnyObject.Type {
            return try unboxObject(node, as: type, at: codingPath)
        }
        return try T(from: HRDecoderImplementation(node: node, codingPath: codingPath, state: self))
    }

    private func unboxObject<T: Decodable>(_ node: HRValue, as type: T.Type, at codingPath: [any CodingKey]) throws -> T {
        let path = HRKeyPath.string(codingPath)
        if let existing = objects[path] {
            try reachThrough(height: existing.height - 1, at: codingPath)
            return try cast(existing.object, as: type, path: path, codingPath: codingPath)
        }
        var concrete: any Decodable.Type = type
        if case let .dictionary(entries) = node, let recorded = entries[HRValue.classKey] {
            guard case let .string(name) = recorded else {
                throw DecodingError.typeMismatch(String.self, DecodingError.Context(
                    codingPath: codingPath + [HRStringKey(HRValue.classKey)],
                    debugDescription: "$class at '\(path)' must be a class name string, found \(recorded.kindDescription)"))
            }
            let key = ResolvedClassKey(name: name, expected: ObjectIdentifier(type))
            if let known = resolvedClasses[key] {
                concrete = known
            } else {
                do {
                    concrete = try registry.resolveClass(named: name, as: type)
                } catch let error as ClassResolutionError {
                    throw DecodingError.dataCorrupted(DecodingError.Context(
                        codingPath: codingPath, debugDescription: "$class at '\(path)': \(error)", underlyingError: error))
                }
                resolvedClasses[key] = concrete
            }
        }
        inProgress.append(path)
        defer { inProgress.removeLast() }
        let outerReach = reach
        reach = depth
        // Restored even when init(from:) throws: user code may catch the error and go on.
        defer { reach = max(outerReach, reach) }
        let instance = try concrete.init(from: HRDecoderImplementation(node: node, codingPath: codingPath, state: self))
        let object = instance as AnyObject
        objects[path] = SharedObject(object: object, height: reach - depth + 1)
        return try cast(object, as: type, path: path, codingPath: codingPath)
    }

    private func cast<T>(_ object: AnyObject, as type: T.Type, path: String, codingPath: [any CodingKey]) throws -> T {
        guard let typed = object as? T else {
            throw DecodingError.typeMismatch(type, DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "the object at '\(path)' is a \(Swift.type(of: object)), not a \(type)"))
        }
        return typed
    }

    /// The value an alias at `codingPath` names: the shared instance when already decoded, else
    /// the target decoded now (forward references), following alias chains and refusing loops.
    private func resolveAlias<T: Decodable>(_ target: String, as type: T.Type, at codingPath: [any CodingKey]) throws -> T {
        let here = HRKeyPath.string(codingPath)
        var targetPath = target
        var visited: [String] = [here]
        while true {
            if inProgress.contains(targetPath) {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "back-reference to \(type) at \(targetPath), which is still being decoded; FastCoding/HRCoder cannot hand a synthesized init(from:) an unfinished object (alias at '\(here)')"))
            }
            if type is AnyObject.Type, let existing = objects[targetPath] {
                try reachThrough(height: existing.height, at: codingPath)
                return try cast(existing.object, as: type, path: targetPath, codingPath: codingPath)
            }
            let cacheKey = AliasValueKey(path: targetPath, type: ObjectIdentifier(type))
            if let cached = aliasValues[cacheKey], let value = cached.value as? T {
                try reachThrough(height: cached.height, at: codingPath)
                try materialise(cached.weight, at: codingPath)
                return value
            }
            guard let node = Self.node(at: targetPath, in: root) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "the alias at '\(here)' points to '\(targetPath)', which is not a key path in this document"))
            }
            if let next = node.aliasTarget {
                visited.append(targetPath)
                guard !visited.contains(next) else {
                    throw DecodingError.dataCorrupted(DecodingError.Context(
                        codingPath: codingPath,
                        debugDescription: "alias loop: \((visited + [next]).map { "'\($0)'" }.joined(separator: " → "))"))
                }
                targetPath = next
                continue
            }
            let targetCodingPath: [any CodingKey] = HRKeyPath.components(targetPath).map { HRStringKey($0) }
            inProgress.append(targetPath)
            defer { inProgress.removeLast() }
            let outerReach = reach
            let before = materialised
            reach = depth
            defer { reach = max(outerReach, reach) }
            let value = try unbox(node, as: type, at: targetCodingPath)
            if !(type is AnyObject.Type) {
                aliasValues[cacheKey] = CachedValue(value: value, height: reach - depth, weight: materialised - before)
            }
            return value
        }
    }

    /// The node at a key path (`$root`, or keys and array indices joined with `.`).
    static func node(at path: String, in root: HRValue) -> HRValue? {
        var node = root
        for component in HRKeyPath.components(path) {
            switch node {
            case let .dictionary(entries):
                guard let child = entries[component] else { return nil }
                node = child
            case let .array(items):
                guard let index = Int(component), items.indices.contains(index) else { return nil }
                node = items[index]
            default:
                return nil
            }
        }
        return node
    }
}
