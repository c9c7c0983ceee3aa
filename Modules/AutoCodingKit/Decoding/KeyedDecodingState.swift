import Foundation

/// Everything one decode call shares: the checked archive, the class instances decoded so far
/// (by UID), the back-pointers waiting for unfinished ones, resolved classes, and the depth.
final class KeyedDecodingState {
    let contents: KeyedArchiveContents
    let objects: [PlistObject]
    let registry: ClassNameRegistry
    let userInfo: [CodingUserInfoKey: any Sendable]
    let maximumDepth: Int
    var depth = 0
    /// The instance decoded for each UID (class types only).
    private var instances: [Int: AnyObject] = [:]
    /// UIDs whose instance is being decoded right now.
    private var building: Set<Int> = []
    var pending = PendingReferences<Int>()
    private var classDescriptions: [UInt64: (name: String, classes: [String])] = [:]
    private var resolvedClasses: [ResolvedClassKey: Any.Type] = [:]

    private struct ResolvedClassKey: Hashable {
        let classUID: UInt64
        let expected: ObjectIdentifier
    }

    init(contents: KeyedArchiveContents, registry: ClassNameRegistry, userInfo: [CodingUserInfoKey: any Sendable],
         maximumDepth: Int) {
        self.contents = contents
        objects = contents.document.objects
        self.registry = registry
        self.userInfo = userInfo
        self.maximumDepth = maximumDepth
    }

    func decodeRoot<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try decode(T.self, at: contents.root, codingPath: [])
        try pending.checkAllResolved()
        return value
    }

    /// "`person.tags.Index 2`", or "the root".
    static func describe(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "the root" : "'" + codingPath.map(\.stringValue).joined(separator: ".") + "'"
    }

    // MARK: References

    /// The `$objects` UID and the document index of the entry that `index` refers to; `nil`
    /// for UID 0 (`$null`). A value stored in place (not a UID) is its own entry, without UID.
    @inline(__always)
    func resolve(_ index: Int, codingPath: [any CodingKey]) throws -> (entry: Int, uid: Int)? {
        guard case let .uid(uid) = objects[index] else { return (index, -1) }
        if uid == 0 { return nil }
        let entry = try contents.entry(uid, place: Self.describe(codingPath))
        return (entry, Int(uid))
    }

    /// The class name and `$classes` chain of an archived object's dictionary, or `nil` for
    /// dictionaries without `$class`.
    func classDescription(keys: [String], values: [Int], uid: Int) throws -> (name: String, classes: [String], uid: UInt64)? {
        guard let classIndex = keys.firstIndex(of: "$class") else { return nil }
        guard case let .uid(classUID) = objects[values[classIndex]] else {
            throw KeyedArchiveError.malformedObject(uid: uid, reason: "'$class' is not a UID")
        }
        if let known = classDescriptions[classUID] { return (known.name, known.classes, classUID) }
        let description = try contents.classDescription(classUID, of: uid)
        classDescriptions[classUID] = description
        return (description.name, description.classes, classUID)
    }

    func typeMismatch(_ type: Any.Type, found: PlistObject, _ codingPath: [any CodingKey]) -> DecodingError {
        .typeMismatch(type, DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "expected \(type) at \(Self.describe(codingPath)), found \(found.kindDescription)"))
    }

    // MARK: Values

    func decode<T: Decodable>(_ type: T.Type, at index: Int, codingPath: [any CodingKey]) throws -> T {
        if let special = try decodeSpecial(T.self, at: index, codingPath: codingPath) { return special }
        guard depth < maximumDepth else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "values nest deeper than the limit of \(maximumDepth) at \(Self.describe(codingPath))"))
        }
        depth += 1
        defer { depth -= 1 }
        // Back-pointer wrappers (`@Reference`) are transparent: the object they hold has the identity.
        if T.self is AnyObject.Type, !(T.self is any DeferredReference.Type) {
            return try decodeInstance(T.self, at: index, codingPath: codingPath)
        }
        return try T(from: KeyedValueDecoder(state: self, index: index, codingPath: codingPath, expected: T.self))
    }

    /// Whether the instance at `uid` is being decoded and has no object yet (a back-reference).
    func isUnfinished(_ uid: Int) -> Bool {
        building.contains(uid) && instances[uid] == nil
    }

    private func decodeInstance<T: Decodable>(_ type: T.Type, at index: Int, codingPath: [any CodingKey]) throws -> T {
        guard let (entry, uid) = try resolve(index, codingPath: codingPath) else {
            throw DecodingError.valueNotFound(T.self, DecodingError.Context(
                codingPath: codingPath, debugDescription: "expected \(T.self) at \(Self.describe(codingPath)), found nil"))
        }
        if uid >= 0, let known = instances[uid] {
            guard let typed = known as? T else {
                throw DecodingError.typeMismatch(T.self, DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "expected \(T.self) at \(Self.describe(codingPath)), found the \(Swift.type(of: known)) "
                        + "decoded earlier from $objects[\(uid)]"))
            }
            return typed
        }
        if uid >= 0, building.contains(uid) {
            throw DecodingError.backReference(to: T.self, target: "$objects[\(uid)]", codingPath: codingPath)
        }
        guard case let .dictionary(keys, values) = objects[entry],
            let description = try classDescription(keys: keys, values: values, uid: uid)
        else {
            throw typeMismatch(T.self, found: objects[entry], codingPath)
        }
        let resolved = try resolveClass(description, as: T.self, codingPath: codingPath)
        let decoder = KeyedValueDecoder(state: self, index: index, codingPath: codingPath, expected: T.self)
        if uid >= 0 { building.insert(uid) }
        defer { if uid >= 0 { building.remove(uid) } }
        let object: AnyObject
        if let twoPhase = resolved as? any TwoPhaseDecodable.Type {
            let created = twoPhase.init()
            if uid >= 0 { instances[uid] = created }
            try created.decodeProperties(from: decoder)
            object = created
        } else {
            object = try resolved.init(from: decoder) as AnyObject
        }
        let finished = uid >= 0 ? try pending.finish(uid, object: object) : object
        if uid >= 0 { instances[uid] = finished }
        guard let typed = finished as? T else {
            throw DecodingError.typeMismatch(T.self, DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "awakeAfterDecoding() replaced the \(T.self) at \(Self.describe(codingPath)) "
                    + "with a \(Swift.type(of: finished))"))
        }
        return typed
    }

    /// The class to create for an archived object: `$classname` first, then each later entry of
    /// `$classes` (its superclasses), as `NSKeyedUnarchiver` does; `NSObject` is never used.
    private func resolveClass<T: Decodable>(
        _ description: (name: String, classes: [String], uid: UInt64), as type: T.Type, codingPath: [any CodingKey]
    ) throws -> T.Type {
        // A dictionary (a model given as its property values) decodes as the class asked for.
        if description.name == "NSDictionary" || description.name == "NSMutableDictionary" { return T.self }
        let key = ResolvedClassKey(classUID: description.uid, expected: ObjectIdentifier(T.self))
        if let known = resolvedClasses[key], let typed = known as? T.Type { return typed }
        var firstError: ClassResolutionError?
        for name in [description.name] + description.classes.dropFirst() where name != "NSObject" {
            do {
                let resolved = try registry.resolveClass(named: name, as: T.self)
                resolvedClasses[key] = resolved
                return resolved
            } catch let error as ClassResolutionError {
                if firstError == nil { firstError = error }
            }
        }
        let error = firstError ?? ClassResolutionError.unknownClass(name: description.name, expected: "\(T.self)")
        throw DecodingError.typeMismatch(T.self, DecodingError.Context(
            codingPath: codingPath, debugDescription: error.description, underlyingError: error))
    }
}
