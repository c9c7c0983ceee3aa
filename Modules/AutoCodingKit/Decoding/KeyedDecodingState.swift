import CodingCore
import Foundation

/// Everything one decode call shares: the checked archive, the class instances decoded so far
/// (by UID), the back-pointers waiting for unfinished ones, resolved classes, and the depth.
final class KeyedDecodingState {
    let contents: KeyedArchiveContents
    let document: PlistDocument
    let objects: [PlistObject]
    let registry: ClassNameRegistry
    let userInfo: [CodingUserInfoKey: any Sendable]
    let maximumDepth: Int
    var depth = 0
    /// How many values this decode may materialise (see ``materialise(_:codingPath:)``).
    let expansionBudget: Int
    /// The values materialised so far. Read and written by this decode's thread only, each access
    /// finished before the next begins (see ``classDescriptions``).
    @exclusivity(unchecked) private var materialised = 0
    /// Which key types met so far are an `@Observable` class's synthesized keys.
    @exclusivity(unchecked) var observedKeyTypes = ObservedKeyTypes()
    /// The evolution contract's look-ups for this decode, made on the first missing key.
    var evolution: EvolutionLookup?
    /// The defaults of the root's keys when the archive is decoded over a value
    /// (``KeyedArchiveDecoder/decode(_:from:over:)``), worked out on the first missing one.
    var rootLayering: (() throws -> TypeDefaults)?
    /// The stack left to this decode's thread, asked at each level.
    private var stackSpace = StackSpace()
    /// What is known of the class instance at each UID (filled lazily; class types only).
    private enum Slot {
        case empty
        case building
        case done(AnyObject)
    }

    private var slots: [Slot] = []
    var pending = PendingReferences<Int>()
    /// Set once a back-pointer has been recorded in ``pending`` (cheaper to test than `isEmpty`).
    var hasPendingReferences = false
    /// Class descriptions met so far, by the UID of their `$objects` entry: an archive has a
    /// handful, so a short list searched linearly beats both hashing and a table per entry.
    ///
    /// These look-up tables are read and filled by one decode on one thread, each access
    /// finished before the next begins, so they skip the run-time exclusivity checks
    /// (`swift_beginAccess`), which cost about 1.5 % of a decode.
    @exclusivity(unchecked) private var classDescriptions: [(uid: UInt64, name: String, classes: [String])] = []
    /// The same, once the list has grown long (hostile archives with many class descriptions).
    @exclusivity(unchecked) private var manyClassDescriptions: [UInt64: (name: String, classes: [String])] = [:]
    private static let shortListLength = 32

    /// A class resolved for one class description and one expected type, with what it adopts.
    private struct ResolvedClass {
        let type: Any.Type
        let isTwoPhase: Bool
        let awakes: Bool
    }

    @exclusivity(unchecked) private var resolvedClasses: [ResolvedClassKey: ResolvedClass] = [:]
    @exclusivity(unchecked) private var typeKinds: [ObjectIdentifier: TypeKind] = [:]
    /// The input's bytes while ``decodeRoot(_:)`` runs (`nil` before and after it, so a
    /// `Decoder` kept beyond its `init(from:)` reads them through `Data`): every long string
    /// of a decode is read from them without `Data`'s per-call exclusivity checks (2 % of a
    /// decode).
    @exclusivity(unchecked) private var pinnedInput: UnsafeRawBufferPointer?
    /// The long strings read so far, shared from their second read on.
    @exclusivity(unchecked) private var repeatedTexts = RepeatedTexts(count: 0)

    private struct ResolvedClassKey: Hashable {
        let classUID: UInt64
        let expected: ObjectIdentifier
    }

    init(
        contents: KeyedArchiveContents, registry: ClassNameRegistry, userInfo: [CodingUserInfoKey: any Sendable],
        maximumDepth: Int, maximumExpansion: Int
    ) {
        self.contents = contents
        document = contents.document
        objects = contents.document.objects
        self.registry = registry
        self.userInfo = userInfo
        self.maximumDepth = maximumDepth
        expansionBudget = ArchiveLimits.expansionBudget(
            inputSize: contents.byteCount, maximumExpansion: maximumExpansion)
    }

    func decodeRoot<T: Decodable>(_ type: T.Type) throws -> T {
        try document.bytes.withUnsafeBytes { input in
            pinnedInput = input
            repeatedTexts = RepeatedTexts(count: document.texts.count)
            defer {
                pinnedInput = nil
                repeatedTexts = RepeatedTexts(count: 0)
            }
            let value = try decode(T.self, at: contents.root, codingPath: [])
            try pending.checkAllResolved()
            return value
        }
    }

    /// The text of `object`, when it is a string: a ``PlistObject/text(_:)`` string is read
    /// through ``pinnedInput`` while the decode runs, through `Data` after it.
    @inline(__always)
    func string(_ object: PlistObject) -> String? {
        if case .text(let index) = object, let pinnedInput {
            return repeatedTexts.string(Int(index)) {
                let range = document.texts[Int(index)].range
                return String(decoding: UnsafeRawBufferPointer(rebasing: pinnedInput[range]), as: UTF8.self)
            }
        }
        return document.string(object)
    }

    /// Counts `count` more values materialised, refusing to go past ``expansionBudget``.
    ///
    /// Containers count their entries as they open, so every value is counted once per place it
    /// is decoded: a list or a struct that many UIDs share is decoded, and counted, at each of
    /// them (class instances are decoded once).
    @inline(__always)
    func materialise(_ count: Int, codingPath: @autoclosure () -> [any CodingKey]) throws {
        materialised += count
        if materialised > expansionBudget { throw expansionError(codingPath()) }
    }

    private func expansionError(_ codingPath: [any CodingKey]) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "the archive expands to more than \(expansionBudget) values through objects it "
                    + "shares, at \(Self.describe(codingPath)); raise maximumExpansion if it is trusted"))
    }

    /// "`'person.tags[2]'`", or "the top level" (see `CodingPathDescription`).
    static func describe(_ codingPath: [any CodingKey]) -> String {
        CodingPathDescription.place(codingPath)
    }

    // MARK: References

    /// The `$objects` UID and the document index of the entry that `index` refers to; `nil`
    /// for UID 0 (`$null`). A value stored in place (not a UID) is its own entry, without UID.
    @inline(__always)
    func resolve(_ index: Int, codingPath: @autoclosure () -> [any CodingKey]) throws -> (entry: Int, uid: Int)? {
        guard case .uid(let uid) = objects[index] else { return (index, -1) }
        if uid == 0 { return nil }
        let entry = try contents.entry(uid, place: Self.describe(codingPath()))
        return (entry, Int(uid))
    }

    /// The class name and `$classes` chain of an archived object's dictionary, or `nil` for
    /// dictionaries without `$class`.
    func classDescription(
        _ dictionary: PlistDictionary, uid: Int
    ) throws -> (name: String, classes: [String], uid: UInt64)? {
        guard let classIndex = document.value(named: "$class", in: dictionary) else { return nil }
        guard case .uid(let classUID) = objects[classIndex] else {
            throw KeyedArchiveError.malformedObject(uid: uid, reason: "'$class' is not a UID")
        }
        for known in classDescriptions where known.uid == classUID { return (known.name, known.classes, classUID) }
        if let known = manyClassDescriptions[classUID] { return (known.name, known.classes, classUID) }
        let description = try contents.classDescription(classUID, of: uid)
        if classDescriptions.count < Self.shortListLength {
            classDescriptions.append((classUID, description.name, description.classes))
        } else {
            manyClassDescriptions[classUID] = description
        }
        return (description.name, description.classes, classUID)
    }

    func typeMismatch(
        _ type: Any.Type, found: PlistObject, _ codingPath: @autoclosure () -> [any CodingKey]
    ) -> DecodingError {
        let path = codingPath()
        return .typeMismatch(
            type,
            DecodingError.Context(
                codingPath: path,
                debugDescription: "expected \(type) at \(Self.describe(path)), found \(found.kindDescription)"))
    }

    // MARK: Values

    /// How values of one type are read, worked out once per type (dynamic casts are slow).
    private enum TypeKind {
        /// A type read natively (strings, numbers, Foundation counterparts).
        case special(Special)
        case value
        /// A class: decoded once per archived instance.
        case instance
        /// A back-pointer wrapper (`@Reference`): transparent, the object it holds has the identity.
        case transparent
        case integer
        /// An array: read straight from the archived list (see ``KeyedDecodableList``).
        case list(any KeyedDecodableList.Type)
    }

    private func kind<T>(of type: T.Type) -> TypeKind {
        if let known = typeKinds[ObjectIdentifier(type)] { return known }
        let kind: TypeKind
        if let special = Self.special(T.self) {
            kind = .special(special)
        } else if T.self is any FixedWidthInteger.Type {
            kind = .integer
        } else if T.self is any DeferredReference.Type {
            kind = .transparent
        } else if let listType = T.self as? any KeyedDecodableList.Type {
            kind = .list(listType)
        } else if T.self is AnyObject.Type {
            kind = .instance
        } else {
            kind = .value
        }
        typeKinds[ObjectIdentifier(type)] = kind
        return kind
    }

    func decode<T: Decodable>(_ type: T.Type, at index: Int, codingPath: @autoclosure () -> [any CodingKey]) throws -> T
    {
        if T.self == String.self {
            return unsafeBitCast(try string(at: index, codingPath: codingPath()), to: T.self)
        }
        let kind = kind(of: T.self)
        switch kind {
        case .special(let special):
            return try decodeSpecial(special, as: T.self, at: index, codingPath: codingPath())
        case .integer:
            if let integerType = T.self as? any FixedWidthInteger.Type {
                return try decodeInteger(integerType, as: T.self, at: index, codingPath: codingPath())
            }
        case .value, .instance, .transparent, .list:
            break
        }
        let path = codingPath()
        guard depth < maximumDepth else { throw tooDeep(path) }
        if stackSpace.isRunningOut(atDepth: depth) {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: path, debugDescription: StackSpace.message(depth: depth) + " at \(Self.describe(path))")
            )
        }
        depth += 1
        defer { depth -= 1 }
        switch kind {
        case .instance:
            return try decodeInstance(T.self, at: index, codingPath: path)
        case .list(let listType):
            let decoder = KeyedValueDecoder(state: self, index: index, codingPath: path, expected: T.self)
            return try listType.decodeList(from: decoder, as: T.self)
        default:
            break
        }
        return try T(from: KeyedValueDecoder(state: self, index: index, codingPath: path, expected: T.self))
    }

    /// The error for values nesting past ``maximumDepth`` at `codingPath`.
    func tooDeep(_ codingPath: [any CodingKey]) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "values nest deeper than the limit of \(maximumDepth) at \(Self.describe(codingPath))"
            ))
    }

    /// Whether the instance at `uid` is being decoded and has no object yet (a back-reference).
    func isUnfinished(_ uid: Int) -> Bool {
        guard uid < slots.count, case .building = slots[uid] else { return false }
        return true
    }

    private func decodeInstance<T: Decodable>(_ type: T.Type, at index: Int, codingPath: [any CodingKey]) throws -> T {
        guard let (entry, uid) = try resolve(index, codingPath: codingPath) else {
            throw DecodingError.valueNotFound(
                T.self,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "expected \(T.self) at \(Self.describe(codingPath)), found nil"))
        }
        if uid >= 0 {
            if slots.isEmpty { slots = Array(repeating: .empty, count: contents.entryCount) }
            switch slots[uid] {
            case .done(let known):
                guard let typed = Self.instance(known, as: T.self) else {
                    throw DecodingError.typeMismatch(
                        T.self,
                        DecodingError.Context(
                            codingPath: codingPath,
                            debugDescription: "expected \(T.self) at \(Self.describe(codingPath)), found the "
                                + "\(Swift.type(of: known)) decoded earlier from $objects[\(uid)]"))
                }
                return typed
            case .building:
                throw DecodingError.backReference(to: T.self, target: "$objects[\(uid)]", codingPath: codingPath)
            case .empty:
                break
            }
        }
        guard case .dictionary(let dictionary) = objects[entry],
            let description = try classDescription(dictionary, uid: uid)
        else {
            throw typeMismatch(T.self, found: objects[entry], codingPath)
        }
        let resolved = try resolveClass(description, as: T.self, codingPath: codingPath)
        // The class whose initializer runs is the one whose keys the object holds.
        let decoder = KeyedValueDecoder(
            state: self, index: index, codingPath: codingPath, expected: resolved.type, isInstance: true)
        if uid >= 0 { slots[uid] = .building }
        var finished = false
        defer { if uid >= 0, !finished { slots[uid] = .empty } }
        let object: AnyObject
        if resolved.isTwoPhase, let twoPhase = resolved.type as? any TwoPhaseDecodable.Type {
            let created = twoPhase.init()
            if uid >= 0 { slots[uid] = .done(created) }
            try created.decodeProperties(from: decoder)
            object = created
        } else if let typedClass = resolved.type as? T.Type {
            object = Self.reference(try typedClass.init(from: decoder))
        } else {
            throw DecodingError.typeMismatch(
                T.self,
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "\(resolved.type) is not a \(T.self)"))
        }
        var result = object
        if uid >= 0 {
            if resolved.awakes || hasPendingReferences { result = try pending.finish(uid, object: object) }
            slots[uid] = .done(result)
            finished = true
        }
        guard let typed = Self.instance(result, as: T.self) else {
            throw DecodingError.typeMismatch(
                T.self,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "awakeAfterDecoding() replaced the \(T.self) at \(Self.describe(codingPath)) "
                        + "with a \(Swift.type(of: result))"))
        }
        return typed
    }

    /// `value` (an instance of a class type `T`) as a reference, without the bridging that
    /// `as AnyObject` goes through for a generic value.
    @inline(__always)
    private static func reference<T>(_ value: T) -> AnyObject {
        guard MemoryLayout<T>.size == MemoryLayout<AnyObject>.size, T.self is AnyObject.Type else {
            return value as AnyObject
        }
        return unsafeBitCast(value, to: AnyObject.self)
    }

    /// `object` as a `T`, or `nil`: an exact class match is taken without a dynamic cast.
    @inline(__always)
    private static func instance<T>(_ object: AnyObject, as type: T.Type) -> T? {
        if MemoryLayout<T>.size == MemoryLayout<AnyObject>.size,
            ObjectIdentifier(Swift.type(of: object)) == ObjectIdentifier(T.self)
        {
            return unsafeBitCast(object, to: T.self)
        }
        return object as? T
    }

    /// The class to create for an archived object: `$classname` first, then each later entry of
    /// `$classes` (its superclasses), as `NSKeyedUnarchiver` does; `NSObject` is never used.
    private func resolveClass<T: Decodable>(
        _ description: (name: String, classes: [String], uid: UInt64), as type: T.Type, codingPath: [any CodingKey]
    ) throws -> ResolvedClass {
        let key = ResolvedClassKey(classUID: description.uid, expected: ObjectIdentifier(T.self))
        if let known = resolvedClasses[key] { return known }
        let found: T.Type
        // A dictionary (a model given as its property values) decodes as the class asked for.
        if description.name == "NSDictionary" || description.name == "NSMutableDictionary" {
            found = T.self
        } else {
            found = try ClassResolution.resolve(
                description.name, superclasses: description.classes.dropFirst(), as: T.self, in: registry,
                codingPath: codingPath)
        }
        // The two answers this decoder uses: each is a conformance lookup in the runtime.
        let resolved = ResolvedClass(
            type: found, isTwoPhase: found is any TwoPhaseDecodable.Type, awakes: found is any AwakeAfterDecoding.Type)
        resolvedClasses[key] = resolved
        return resolved
    }
}
