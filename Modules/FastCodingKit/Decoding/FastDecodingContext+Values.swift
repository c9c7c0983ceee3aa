import Foundation

/// Decoding any `Decodable` at the current position: leaf fast paths, aliases, objects, containers.
extension FastDecodingContext {
    /// Whether `decode(_:key:)` reads `type` before asking for its ``StaticInfo``.
    static func readsDirectly(_ type: Any.Type) -> Bool {
        type == String.self || type == Int.self || type == Double.self || type == Bool.self || type == Date.self
            || type == [String].self
    }

    // The leaf types `readsDirectly(_:)` lists, compared first: no look-up for the most common values.
    func decode<T: Decodable>(_ type: T.Type, key: FrameKey) throws -> T {
        do {
            if T.self == String.self { return unsafeBitCast(try readString(), to: T.self) }
            if T.self == Int.self { return unsafeBitCast(try readInteger(Int.self), to: T.self) }
            if T.self == Double.self { return unsafeBitCast(try readDouble(), to: T.self) }
            if T.self == Bool.self { return unsafeBitCast(try readBool(), to: T.self) }
            if T.self == Date.self { return unsafeBitCast(try readDate(), to: T.self) }
            if T.self == [String].self, let strings = try readStringArray(key: key) {
                return unsafeBitCast(strings, to: T.self)
            }
        } catch {
            throw naming(leafOf: key, in: error)
        }
        let info = staticInfo(T.self)
        if let special = info.special {
            do {
                return try special.decodeSpecial(as: T.self, from: self)
            } catch {
                throw naming(leafOf: key, in: error)
            }
        }
        if let array = info.array, isListNext {
            return try array.decodeArray(as: T.self, from: self, key: key)
        }
        if info.isDeferredReference {
            // `@Reference` and `@StrongReference` call back into `decodeReference(_:assign:)`.
            return try withFrame(Frame(kind: .value, key: key)) { try T(from: self) }
        }
        return try decodeComposite(type, key: key, isClass: info.isClass)
    }

    /// Whether the next chunk is an array, set or ordered set (not an alias).
    private var isListNext: Bool {
        switch reader.peekByte() {
        case ChunkType.array.rawValue, ChunkType.mutableArray.rawValue, ChunkType.set.rawValue,
            ChunkType.mutableSet.rawValue, ChunkType.orderedSet.rawValue, ChunkType.mutableOrderedSet.rawValue:
            true
        default: false
        }
    }

    /// Reads a list of strings directly; `nil` (nothing consumed) when the next chunk is not an Array/MutableArray.
    private func readStringArray(key: FrameKey) throws -> [String]? {
        let start = reader.offset
        let code = reader.peekByte()
        guard code == ChunkType.array.rawValue || code == ChunkType.mutableArray.rawValue else { return nil }
        try enter(start)
        defer { depth -= 1 }
        reader.offset += 1
        if code == ChunkType.mutableArray.rawValue { appendObjectSlot(at: start) }
        let count = try reader.readCount(minimumSize: 1, "an element count")
        var strings: [String] = []
        strings.reserveCapacity(count)
        for index in 0..<count {
            do {
                strings.append(try readString())
            } catch {
                throw relocating(error, to: path(to: key) + [ArchiveCodingKey(index: index)])
            }
        }
        if code == ChunkType.array.rawValue { appendObjectSlot(at: start) }
        return strings
    }

    /// The shared back-reference error for object slot `slot`, read at `key`.
    private func backReferenceError(_ type: Any.Type, slot: Int, key: FrameKey) -> DecodingError {
        DecodingError.backReference(to: type, target: "object \(slot)", codingPath: path(to: key))
    }

    func decodeComposite<T: Decodable>(_ type: T.Type, key: FrameKey, isClass: Bool) throws -> T {
        let start = reader.offset
        guard let code = reader.peekByte() else {
            throw FastCodingError.unexpectedEnd(offset: start, expected: "a chunk type (\(T.self))")
        }
        try enter(start)
        defer { depth -= 1 }
        switch code {
        case ChunkType.objectAlias8.rawValue, ChunkType.objectAlias16.rawValue, ChunkType.objectAlias32.rawValue:
            reader.offset += 1
            let slot = try reader.readIndex(code: code, first: .objectAlias8)
            let entry = try objectEntry(slot, at: start)
            if isClass {
                if let instance = entry.instance {
                    try reachThrough(height: Int(entry.height), at: start)
                    // Exactly T (the common case): no dynamic cast needed.
                    if ObjectIdentifier(Swift.type(of: instance)) == ObjectIdentifier(T.self) {
                        return unsafeBitCast(instance, to: T.self)
                    }
                    return try cast(instance, to: T.self, aliasAt: start)
                }
                if entry.building { throw backReferenceError(T.self, slot: slot, key: key) }
            }
            return try replay(at: entry.offset) { try decodeComposite(type, key: key, isClass: isClass) }
        case ChunkType.classDefinition.rawValue:
            reader.offset += 1
            try readDefinition()
            return try decodeComposite(type, key: key, isClass: isClass)
        case ChunkType.object8.rawValue where isClass, ChunkType.object16.rawValue where isClass,
            ChunkType.object32.rawValue where isClass:
            return try decodeInstance(type, key: key, start: start)
        default:
            return try withFrame(Frame(kind: .value, key: key, decodedType: T.self)) { try T(from: self) }
        }
    }

    // The two casts below stay out of line: an `as? T` in a generic function makes it look up
    // the metadata of `Optional<T>` on every call, taken or not (≈ 300 instructions each).

    /// `instance` as a `T`, or a type mismatch naming the alias at `offset`.
    @inline(never)
    private func cast<T>(_ instance: AnyObject, to type: T.Type, aliasAt offset: Int) throws -> T {
        guard let typed = instance as? T else {
            throw DecodingError.typeMismatch(
                T.self,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription:
                        "alias at offset \(offset) refers to a \(Swift.type(of: instance)), not a \(T.self)"))
        }
        return typed
    }

    /// Whether `instance` is a `T`.
    @inline(never)
    private func isInstance<T>(_ instance: AnyObject, of type: T.Type) -> Bool {
        instance is T
    }

    /// Runs `body` (an `init(from:)`) with `frame` as the current frame, then finishes the frame.
    ///
    /// Always inlined, so the body is not a separate generic function that looks up the
    /// metadata of its result type (e.g. `Array<Element>`) a second time.
    @inline(__always)
    func withFrame<R>(_ frame: Frame, _ body: () throws -> R) throws -> R {
        let saved = currentFrame
        let index = pushFrame(frame)
        defer { currentFrame = saved }
        let value = try body()
        try endFrame(index)
        return value
    }

    /// Pushes `frame` and makes it the current frame; returns its index. The caller restores
    /// the current frame it had, and ends this one with ``endFrame(_:)``.
    @inline(__always)
    func pushFrame(_ frame: Frame) -> Int {
        let index = frames.count
        frames.append(frame)
        currentFrame = index
        return index
    }

    /// Moves past what was left unread of frame `index` (see ``finish(_:)``) and pops it.
    @inline(__always)
    func endFrame(_ index: Int) throws {
        try finish(index)
        popFrames(to: index)
    }

    /// Builds a class instance from an Object chunk, keeping its identity in the object cache.
    @inline(__always)
    private func decodeInstance<T: Decodable>(_ type: T.Type, key: FrameKey, start: Int) throws -> T {
        let code = try reader.readByte()
        let classIndex = try reader.readIndex(code: code, first: .object8)
        guard classIndex < classes.count else {
            throw FastCodingError.indexOutOfRange(
                table: "class", index: classIndex, count: classes.count, offset: start)
        }
        let resolved = try resolve(classIndex, as: type, at: key)
        let slot: Int
        if replaying == 0 {
            slot = objects.count
            objects.append(
                ObjectEntry(offset: start, building: true, frame: Int32(truncatingIfNeeded: frames.count)))
            recordObjectChunk(at: start, slot: slot)
        } else {
            guard let known = objectChunkSlot(at: start) else {
                throw FastCodingError.indexOutOfRange(
                    table: "object", index: objects.count, count: objects.count, offset: start)
            }
            slot = known
            if let instance = objects[slot].instance, isInstance(instance, of: T.self) {
                try reachThrough(height: Int(objects[slot].height), at: start)
                reader.offset = start
                try skipValue()
                return try cast(instance, to: T.self, aliasAt: start)
            }
            if objects[slot].building { throw backReferenceError(T.self, slot: slot, key: key) }
            objects[slot].building = true
            objects[slot].frame = Int32(truncatingIfNeeded: frames.count)
        }
        let frame = Frame(
            kind: .streamingObject, key: key, decodedType: resolved, classIndex: classIndex,
            keyTags: classes[classIndex].keyTags,
            count: classes[classIndex].keys.count, firstValueOffset: reader.offset)
        // The levels this instance reaches (its height), two-phase or not; restored even when
        // init(from:) throws, as user code may catch the error and go on.
        let outerReach = reach
        reach = depth
        defer { reach = max(outerReach, reach) }
        if classes[classIndex].isTwoPhase {
            return try decodeTwoPhase(resolved, as: T.self, slot: slot, start: start, frame: frame)
        }
        do {
            let instance = try withFrame(frame) { try resolved.init(from: self) }
            // T is a class here (checked by the caller), so the value is one object reference.
            if classes[classIndex].awakes || hasPendingReferences {
                let object = unsafeBitCast(instance, to: AnyObject.self)
                return try finishInstance(object, as: T.self, slot: slot, start: start, key: key)
            }
            // One write (one uniqueness check) instead of two; the slot's offset is `start` either way.
            objects[slot] = ObjectEntry(
                offset: start, instanceReference: keep(unsafeBitCast(instance, to: AnyObject.self)),
                building: false, height: finishedHeight)
            return instance
        } catch {
            objects[slot].building = false
            // Back-pointers waiting for this object now never receive it; their paths were
            // recorded relative to it (see `decodeReference`).
            if hasPendingReferences { pendingReferences.prependCodingPath(path(to: key), toWaitersFor: slot) }
            throw error
        }
    }

    /// Fills the back-pointers waiting for slot `slot`, runs the awake hook, and stores what it
    /// returns (a replacement is what later aliases receive).
    private func finishInstance<T>(
        _ instance: AnyObject, as type: T.Type, slot: Int, start: Int, key: FrameKey
    ) throws -> T {
        let finished: AnyObject
        do {
            finished = try pendingReferences.finish(slot, object: instance)
        } catch let DecodingError.typeMismatch(expected, context) {
            // The waiting back-pointer's path was recorded relative to this object.
            throw DecodingError.typeMismatch(
                expected,
                DecodingError.Context(
                    codingPath: path(to: key) + context.codingPath, debugDescription: context.debugDescription))
        }
        // Back-pointers filled here point to ancestors: they add no levels to the height.
        objects[slot] = ObjectEntry(
            offset: start, instanceReference: keep(finished), building: false, height: finishedHeight)
        if finished === instance { return unsafeBitCast(instance, to: T.self) }
        return try cast(finished, to: T.self, aliasAt: start)
    }

    /// Builds a `TwoPhaseDecodable` instance: created empty and registered in slot `slot` before
    /// its properties are read, so references to it met meanwhile receive it directly.
    @inline(never)
    private func decodeTwoPhase<T: Decodable>(
        _ resolved: T.Type, as type: T.Type, slot: Int, start: Int, frame: Frame
    ) throws -> T {
        guard let twoPhase = resolved as? any TwoPhaseDecodable.Type else {
            return try withFrame(frame) { try resolved.init(from: self) }
        }
        let instance = twoPhase.init()
        objects[slot] = ObjectEntry(offset: start, instanceReference: keep(instance), building: false)
        do {
            try withFrame(frame) { try instance.decodeProperties(from: self) }
        } catch {
            objects[slot].instanceReference = nil
            throw error
        }
        return try finishInstance(instance, as: T.self, slot: slot, start: start, key: frame.key)
    }

    /// The type class `classIndex` names, as a `T`, for the object at `key`: the last answer
    /// when it was asked for `T`.
    @inline(__always)
    private func resolve<T: Decodable>(_ classIndex: Int, as type: T.Type, at key: FrameKey) throws -> T.Type {
        if classes[classIndex].resolvedFor == ObjectIdentifier(T.self), let cached = classes[classIndex].resolved {
            // Stored by resolveByName(_:as:) as the `T.Type` the registry returned for this very `T`.
            return unsafeBitCast(cached, to: T.Type.self)
        }
        return try resolveByName(classIndex, as: type, at: key)
    }

    /// Asks the registry for the type class `classIndex` names, and keeps the answer for `T`.
    @inline(never)
    private func resolveByName<T: Decodable>(_ classIndex: Int, as type: T.Type, at key: FrameKey) throws -> T.Type {
        let expected = ObjectIdentifier(T.self)
        let resolved = try ClassResolution.resolve(
            classes[classIndex].name, as: T.self, in: registry, codingPath: path(to: key))
        classes[classIndex].resolvedFor = expected
        classes[classIndex].resolved = resolved
        // The two answers this decoder uses: each is a conformance lookup in the runtime.
        classes[classIndex].awakes = resolved is any AwakeAfterDecoding.Type
        classes[classIndex].isTwoPhase = resolved is any TwoPhaseDecodable.Type
        return resolved
    }

    func readDefinition() throws {
        // Located first, with the same checks as reading it; bytes read before (and checked
        // in full then) are taken from the shared cache without making their strings again.
        let start = reader.offset
        try reader.skipRawString("a class name")
        let count = try reader.readCount(minimumSize: 1, "a property key count")
        for _ in 0..<count { try reader.skipRawString("a property key") }
        let chunk = reader.bytes(from: start, to: reader.offset)
        if let known = ClassDefinitionCache.shared.definition(for: chunk, alignment: start & 3) {
            addClass(name: known.name, keys: known.keys, at: start)
            return
        }
        reader.offset = start
        let name = try reader.readRawString("a class name")
        _ = try reader.readCount(minimumSize: 1, "a property key count")
        var keys: [String] = []
        keys.reserveCapacity(count)
        for _ in 0..<count { keys.append(try reader.readRawString("a property key")) }
        ClassDefinitionCache.shared.store(
            ClassDefinitionCache.Definition(name: name, keys: keys), for: chunk, alignment: start & 3)
        addClass(name: name, keys: keys, at: start)
    }
}
