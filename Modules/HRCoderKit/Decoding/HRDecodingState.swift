import CodingCore
import Foundation

/// Everything one decoding run shares: the whole document (for aliases), options, and the
/// objects decoded so far, by key path.
final class HRDecodingState {
    let root: HRValue
    let registry: ClassNameRegistry
    let maximumDepth: Int
    let userInfo: [CodingUserInfoKey: Any]
    // Confined to one decode on one thread, each access finished before the next: no dynamic
    // exclusivity checks for the state read or changed per value.
    @exclusivity(unchecked) var depth = 0
    /// The deepest level the value being decoded reaches, shared values included: a cached
    /// value or instance reused at depth `d` reaches `d` plus its height, so aliases of aliases
    /// cannot build a value deeper than `maximumDepth` (freeing it would exhaust the stack).
    @exclusivity(unchecked) var reach = 0
    /// The stack left to this decode's thread, asked at each level.
    @exclusivity(unchecked) private var stackSpace = StackSpace()
    /// Values decoded so far, a shared value counted at every place it is used.
    @exclusivity(unchecked) var materialised = 0
    /// The most values this decode may materialise (see `HRCoder.maximumExpansion`).
    let expansionBudget: Int
    /// Whether the document may share objects (it has an `$alias` key, or is a hand-built tree).
    /// When not, no alias can name an object: objects are not registered by key path.
    let sharesObjects: Bool
    /// Class instances by the key path of their full copy (`$root` for the root).
    @exclusivity(unchecked) var objects: [String: SharedObject] = [:]

    /// A decoded class instance and how many levels it reaches, itself included.
    struct SharedObject {
        let object: AnyObject
        let height: Int
    }
    /// Key paths whose value is being decoded right now, innermost last (aliases to them are
    /// back-references). A stack: it only ever holds the ancestors of the current value.
    @exclusivity(unchecked) var inProgress: [String] = []
    /// Back-pointers (`@Reference`) waiting for objects still being built, by key path.
    var pendingReferences = PendingReferences<String>()
    /// Whether any back-pointer was ever recorded in `pendingReferences` (cheaper to check per
    /// object than the list, whose generic methods look up its metadata on every call).
    @exclusivity(unchecked) var hasPendingReferences = false
    /// The cycle protocols each class met so far adopts (a run meets few classes: a list).
    @exclusivity(unchecked) var classTraits: [(type: ObjectIdentifier, traits: ClassResolution)] = []
    /// The types decoded as special values (dates, data, …).
    @exclusivity(unchecked) var specialTypes = HRSpecialTypes()
    /// Which key types met so far are an `@Observable` class's synthesized keys.
    @exclusivity(unchecked) var observedKeyTypes = ObservedKeyTypes()
    /// Classes already resolved for a recorded name and an expected type, most recent first.
    /// A document names few classes: a short list compared by name beats hashing each name,
    /// and it holds at most `resolvedClassLimit` entries (others are resolved each time).
    @exclusivity(unchecked) var resolvedClasses: [ResolvedClass] = []
    static let resolvedClassLimit = 8

    struct ResolvedClass {
        let name: String
        let expected: ObjectIdentifier
        let type: any Decodable.Type
    }
    /// Non-class values decoded for aliases, by target path and type, so shared subtrees are
    /// decoded once however many aliases name them.
    @exclusivity(unchecked) var aliasValues: [AliasValueKey: CachedValue] = [:]

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

    /// The defaults of the root's missing keys when decoding over a base value; `nil` otherwise.
    let layeredDefaults: TypeDefaults?
    /// The evolution contract's defaults and former key names (see `evolution`), made on the
    /// first missing key.
    var evolutionLookup: EvolutionLookup?
    /// Whether each type met with a missing key declares former key names (a run meets few
    /// types: a list).
    @exclusivity(unchecked) var formerKeyDeclarations: [(type: ObjectIdentifier, declares: Bool)] = []

    init(
        root: HRValue, registry: ClassNameRegistry, maximumDepth: Int,
        userInfo: [CodingUserInfoKey: any Sendable] = [:], expansionBudget: Int, sharesObjects: Bool = true,
        layeredDefaults: TypeDefaults? = nil
    ) {
        self.layeredDefaults = layeredDefaults
        self.sharesObjects = sharesObjects
        self.root = root
        self.registry = registry
        self.maximumDepth = maximumDepth
        self.userInfo = userInfo
        self.expansionBudget = expansionBudget
    }

    private func tooDeep(_ codingPath: [any CodingKey]) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "values nest deeper than the limit of \(maximumDepth) at "
                    + "\(HRKeyPath.place(codingPath)), counted through aliases and defaults"))
    }

    /// Counts `count` more values materialised, refusing to go past the expansion budget.
    /// Containers count their elements as they open (each value is an element of one container).
    func materialise(_ count: Int, at codingPath: [any CodingKey]) throws {
        materialised += count
        guard materialised <= expansionBudget else { throw overBudget(at: codingPath, through: "shared aliases") }
    }

    /// The error of a decode that materialises more than its budget.
    func overBudget(at codingPath: [any CodingKey], through cause: String) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "the document expands to more than \(expansionBudget) values through \(cause) at "
                    + "\(HRKeyPath.place(codingPath)); raise maximumExpansion if it is trusted"))
    }

    /// A shared value (or a default) of `height` levels used here: the levels it reaches.
    func reachThrough(height: Int, at codingPath: [any CodingKey]) throws {
        let sharedReach = depth + height
        guard sharedReach <= maximumDepth else { throw tooDeep(codingPath) }
        reach = max(reach, sharedReach)
    }

    /// Decodes the whole document as `T`.
    func decodeRoot<T: Decodable>(_ type: T.Type) throws -> T {
        inProgress.append(HRValue.rootPath)
        defer { inProgress.removeLast() }
        let value = try unbox(root, as: type, at: [])
        if hasPendingReferences { try pendingReferences.checkAllResolved() }
        return value
    }

    /// Decodes `node`, found at `codingPath`, as `T`: follows aliases, reads special types,
    /// resolves `$class` for classes and remembers class instances for later aliases.
    /// The coding path is made only when needed (not for a date, say), as in `HRDecoding`.
    func unbox<T: Decodable>(_ node: HRValue, as type: T.Type, at lazyPath: @autoclosure () -> [any CodingKey])
        throws -> T
    {
        // A document without an `$alias` key needs no look-up per dictionary.
        if sharesObjects, case let .dictionary(entries) = node, let alias = entries[HRValue.aliasKey] {
            let codingPath = lazyPath()
            if type is AnyObject.Type, traits(of: type).isDeferredReference {
                return try decodeDeferredReference(node, as: type, at: codingPath)
            }
            guard case let .string(target) = alias else {
                throw DecodingError.typeMismatch(
                    String.self,
                    DecodingError.Context(
                        codingPath: codingPath + [ArchiveCodingKey(stringValue: HRValue.aliasKey)],
                        debugDescription:
                            "$alias at \(HRKeyPath.place(codingPath)) must be a key path string, found \(alias.kindDescription)"
                    ))
            }
            return try resolveAlias(target, as: type, at: codingPath)
        }
        // The commonest special type read without the existential and the cast back to `T`;
        // a node that is not a date goes the general way, which names the problem.
        if type == Date.self, let date = Date(hrValue: node) { return unsafeBitCast(date, to: T.self) }
        if specialTypes.mayBeSpecial(type), let special = type as? any HRSpecialValue.Type {
            return try unboxSpecial(special, node, as: type, at: lazyPath())
        }
        let codingPath = lazyPath()
        depth += 1
        defer { depth -= 1 }
        guard depth <= maximumDepth else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription:
                        "values nest deeper than the limit of \(maximumDepth) at \(HRKeyPath.place(codingPath))"))
        }
        if stackSpace.isRunningOut(atDepth: depth) {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: StackSpace.message(depth: depth) + " at \(HRKeyPath.place(codingPath))"))
        }
        reach = max(reach, depth)
        if type is AnyObject.Type {
            if traits(of: type).isDeferredReference {
                return try decodeDeferredReference(node, as: type, at: codingPath)
            }
            return try unboxObject(node, as: type, at: codingPath)
        }
        return try T(from: HRDecoderImplementation(node: node, codingPath: codingPath, state: self, decodedType: type))
    }

    /// A date, data, URL, UUID, decimal or tree node. Kept out of `unbox`, whose every call would
    /// otherwise look up the metadata of `T?` (several hundred instructions) for this path's cast.
    @inline(never)
    private func unboxSpecial<T>(
        _ special: any HRSpecialValue.Type, _ node: HRValue, as type: T.Type,
        at lazyPath: @autoclosure () -> [any CodingKey]
    ) throws -> T {
        guard let value = special.init(hrValue: node) as? T else {
            let codingPath = lazyPath()
            throw DecodingError.typeMismatch(
                type,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "expected \(special.hrExpectation) at \(HRKeyPath.place(codingPath)), "
                        + "found \(node.kindDescription)"))
        }
        return value
    }

    /// `@Reference` and `@StrongReference` read their alias or object themselves, through
    /// `HRDecoderImplementation.decodeReference(_:assign:)`.
    private func decodeDeferredReference<T: Decodable>(
        _ node: HRValue, as type: T.Type, at codingPath: [any CodingKey]
    ) throws -> T {
        try T(from: HRDecoderImplementation(node: node, codingPath: codingPath, state: self))
    }

    private func unboxObject<T: Decodable>(_ node: HRValue, as type: T.Type, at codingPath: [any CodingKey]) throws -> T
    {
        // Without aliases in the document, no object is reached twice: no key path to register.
        let path = sharesObjects ? HRKeyPath.string(codingPath) : nil
        if let path, let existing = objects[path] {
            try reachThrough(height: existing.height - 1, at: codingPath)
            return try cast(existing.object, as: type, codingPath: codingPath)
        }
        var concrete: any Decodable.Type = type
        if case let .dictionary(entries) = node, let recorded = entries[HRValue.classKey] {
            guard case let .string(name) = recorded else {
                throw DecodingError.typeMismatch(
                    String.self,
                    DecodingError.Context(
                        codingPath: codingPath + [ArchiveCodingKey(stringValue: HRValue.classKey)],
                        debugDescription: "$class at \(HRKeyPath.place(codingPath)) must be a class name string, "
                            + "found \(recorded.kindDescription)"))
            }
            concrete = try resolveClass(named: name, as: type, codingPath: codingPath)
        }
        let decoder = HRDecoderImplementation(node: node, codingPath: codingPath, state: self, decodedType: concrete)
        let traits = traits(of: concrete)
        let outerReach = reach
        reach = depth
        // Restored even when init(from:) throws: user code may catch the error and go on.
        defer { reach = max(outerReach, reach) }
        let object = try build(concrete, traits: traits, at: path, from: decoder)
        // Fills the back-pointers waiting for it, then runs its awake hook: what that returns
        // (the object or its replacement) is what later aliases receive. Back-pointers point to
        // ancestors: they add no levels to its height.
        var finished = object
        if hasPendingReferences || traits.awakes {
            finished = try pendingReferences.finish(path ?? HRKeyPath.string(codingPath), object: object)
        }
        if let path { objects[path] = SharedObject(object: finished, height: reach - depth + 1) }
        return try cast(finished, as: type, codingPath: codingPath)
    }

    /// Creates the instance at `path`: a `TwoPhaseDecodable` class is created empty and
    /// registered before its properties are read (aliases to it then receive it at once);
    /// any other class through `init(from:)`, with `path` in progress meanwhile. A `nil` path:
    /// the document shares no objects, there is nothing to register.
    private func build(
        _ concrete: any Decodable.Type, traits: ClassResolution, at path: String?,
        from decoder: HRDecoderImplementation
    ) throws -> AnyObject {
        if traits.isTwoPhase, let twoPhase = concrete as? any TwoPhaseDecodable.Type {
            let object = twoPhase.init()
            guard let path else {
                try object.decodeProperties(from: decoder)
                return object
            }
            // Until filled, an alias to it is a back-reference to an ancestor: one level.
            objects[path] = SharedObject(object: object, height: 1)
            do {
                try object.decodeProperties(from: decoder)
            } catch {
                objects[path] = nil
                throw error
            }
            return object
        }
        if let path { inProgress.append(path) }
        defer { if path != nil { inProgress.removeLast() } }
        if let objectType = traits.objectType { return try objectType.init(from: decoder) }
        return try concrete.init(from: decoder) as AnyObject
    }

    /// The class a `$class` name stands for where `type` is expected (remembered for the run).
    private func resolveClass<T: Decodable>(named name: String, as type: T.Type, codingPath: [any CodingKey]) throws
        -> any Decodable.Type
    {
        let expected = ObjectIdentifier(type)
        for entry in resolvedClasses where entry.expected == expected && entry.name == name { return entry.type }
        let concrete = try ClassResolution.resolve(
            name, as: type, in: registry, codingPath: codingPath, place: "$class at \(HRKeyPath.place(codingPath))")
        if resolvedClasses.count < Self.resolvedClassLimit {
            resolvedClasses.append(ResolvedClass(name: name, expected: expected, type: concrete))
        }
        return concrete
    }

    /// The cycle protocols `type` adopts (looked up once per type).
    private func traits(of type: Any.Type) -> ClassResolution {
        let id = ObjectIdentifier(type)
        for entry in classTraits where entry.type == id { return entry.traits }
        let traits = ClassResolution(type)
        classTraits.append((id, traits))
        return traits
    }

    /// The key path of the object `node` refers to when that object is still being built (an
    /// alias, or a chain of aliases, to an ancestor); `nil` when `node` can be decoded now.
    func unfinishedTarget(of node: HRValue) -> String? {
        guard var target = node.aliasTarget else { return nil }
        var visited: Set<String> = []
        while objects[target] == nil {
            if inProgress.contains(target) { return target }
            // Another alias: follow it (a loop is left to `unbox`, which reports it).
            guard let next = Self.node(at: target, in: root)?.aliasTarget, visited.insert(target).inserted else {
                return nil
            }
            target = next
        }
        return nil
    }

    private func cast<T>(
        _ object: AnyObject, as type: T.Type, codingPath: [any CodingKey]
    ) throws -> T {
        // The usual case, an instance of exactly `T`, needs no dynamic cast.
        if ObjectIdentifier(Swift.type(of: object)) == ObjectIdentifier(type) { return unsafeBitCast(object, to: type) }
        return try castDynamically(object, as: type, codingPath: codingPath)
    }

    /// A subclass instance, or one of the wrong class. Apart from `cast` so that its `T?` (whose
    /// metadata is looked up at run time) costs nothing in the usual case.
    @inline(never)
    private func castDynamically<T>(_ object: AnyObject, as type: T.Type, codingPath: [any CodingKey])
        throws -> T
    {
        guard let typed = object as? T else {
            throw DecodingError.typeMismatch(
                type,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription:
                        "the object at \(HRKeyPath.place(codingPath)) is a \(Swift.type(of: object)), not a \(type)"))
        }
        return typed
    }

    /// The value an alias at `codingPath` names: the shared instance when already decoded, else
    /// the target decoded now (forward references), following alias chains and refusing loops.
    private func resolveAlias<T: Decodable>(_ target: String, as type: T.Type, at codingPath: [any CodingKey]) throws
        -> T
    {
        let here = HRKeyPath.string(codingPath)
        var targetPath = target
        var visited: [String] = [here]
        while true {
            // A finished object (or a two-phase one already registered) is shared as it is.
            if type is AnyObject.Type, let existing = objects[targetPath] {
                try reachThrough(height: existing.height, at: codingPath)
                return try cast(existing.object, as: type, codingPath: codingPath)
            }
            if inProgress.contains(targetPath) {
                throw DecodingError.backReference(
                    to: type, target: targetPath == HRValue.rootPath ? nil : targetPath, codingPath: codingPath)
            }
            let cacheKey = AliasValueKey(path: targetPath, type: ObjectIdentifier(type))
            if let cached = aliasValues[cacheKey], let value = cached.value as? T {
                try reachThrough(height: cached.height, at: codingPath)
                try materialise(cached.weight, at: codingPath)
                return value
            }
            guard let node = Self.node(at: targetPath, in: root) else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: codingPath,
                        debugDescription:
                            "the alias at '\(here)' points to '\(targetPath)', which is not a key path in this document"
                    ))
            }
            if let next = node.aliasTarget {
                visited.append(targetPath)
                guard !visited.contains(next) else {
                    throw DecodingError.dataCorrupted(
                        DecodingError.Context(
                            codingPath: codingPath,
                            debugDescription:
                                "alias loop: \((visited + [next]).map { "'\($0)'" }.joined(separator: " → "))"))
                }
                targetPath = next
                continue
            }
            let targetCodingPath: [any CodingKey] = HRKeyPath.components(targetPath).map(HRKeyPath.codingKey)
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
