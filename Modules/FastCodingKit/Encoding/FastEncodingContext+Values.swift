/// Writing any value: leaf fast paths, arrays, and composites through `encode(to:)`, with the
/// roll-back and re-encoding of §10.3 when an instance has keys its class definition lacks.
extension FastEncodingContext {
    /// Writes any value: the common leaf types directly, everything else through `encode(to:)`.
    func encode<T: Encodable>(_ value: T, link: Link) throws {
        if try encodeLeaf(value) { return }
        try encodeNonLeaf(value, link: link)
    }

    /// Writes element `index` of the Array chunk that list frame `frame` writes. `value` is
    /// `inout` only so that it is passed by address, never copied; it is not written.
    @inline(__always)
    func encodeElement<T: Encodable>(_ value: inout T, at index: Int, of frame: Int) throws {
        // The index is the element's place in coding paths, a leaf's error included.
        frames[frame].count = UInt32(truncatingIfNeeded: index)
        if try encodeLeaf(value) { return }
        try encodeNonLeaf(value, link: .position(parent: frame))
    }

    /// Writes a value that ``encodeLeaf(_:)`` declined: a special type, an array or a composite.
    func encodeNonLeaf<T: Encodable>(_ value: T, link: Link) throws {
        let info = staticInfo(T.self)
        if let special = info.special {
            return try special.encodeSpecial(value, to: self)
        }
        if let array = info.array {
            try enterLevel(value)
            frames.append(Frame(kind: .list, hint: .plain, link: link))
            defer { frames.removeLast() }
            try array.encodeArray(value, to: self, frame: frames.count - 1)
            objectCount += 1
            return
        }
        try encodeComposite(value, link: link, info: info)
    }

    /// Throws before `value` would nest deeper than `maximumDepth` or than the thread's stack allows.
    @inline(__always)
    private func enterLevel<T: Encodable>(_ value: T) throws {
        guard frames.count < maximumDepth else {
            throw invalid(
                value, "nesting deeper than \(maximumDepth) levels (raise FastEncoder.maximumDepth if intended)")
        }
        if stackSpace.isRunningOut(atDepth: frames.count) {
            throw invalid(value, StackSpace.message(depth: frames.count))
        }
    }

    struct Snapshot {
        let bytes: Int
        let objects: Int
        let strings: Int
        let classes: Int
        let frames: Int
        let explicitKeys: Int
    }

    @inline(__always)
    func encodeComposite<T: Encodable>(_ value: T, link: Link, info: StaticInfo) throws {
        try enterLevel(value)
        var instance: Unmanaged<AnyObject>?
        if info.isClass {
            // T is a class type: the value is one object reference, which `value` keeps alive.
            let object = unsafeBitCast(value, to: AnyObject.self)
            if let slot = instanceSlots.slot(of: ObjectIdentifier(object)) {
                AliasChunk.write(.objectAlias8, slot, to: output)
                return
            }
            instance = .passUnretained(object)
        }
        let hint = info.hint
        // A class instance's dynamic type read from the object (cheaper than `type(of: value)` on a generic value).
        let typeID = instance.map { ObjectIdentifier(type(of: $0.takeUnretainedValue())) } ?? info.type
        var definition = -1
        var isLearned = false
        if hint == .plain {
            if let known = currentDefinition(for: typeID) {
                definition = known
            } else if let learned = learnedDefinition(for: value, typeID: typeID, isClass: info.isClass) {
                definition = learned
                isLearned = true
            } else {
                definition = discoverDefinition(for: value, typeID: typeID, isClass: info.isClass)
            }
        }
        let snapshot = Snapshot(
            bytes: output.count, objects: objectCount, strings: stringCount, classes: classCount, frames: frames.count,
            explicitKeys: explicitKeys.count)
        if definition < 0 && instance != nil && hint == .plain {
            // A class instance written as a single value or a list: wrapped, which is buffered.
            return try encodeBuffered(
                value, link: link, hint: hint, definition: definition, instance: instance, typeID: typeID,
                learned: isLearned)
        }
        if isLearned {
            // The first instance of a definition an earlier call learned: it must write exactly
            // those keys, or it is written again as if the type were new here.
            do {
                return try encodeOnce(
                    value, link: link, hint: hint, definition: definition, instance: instance, verifying: true)
            } catch let unverified as UnverifiedDefinition where unverified.frame == snapshot.frames {
                rollBack(to: snapshot)
                distrustLearnedDefinition(of: typeID)
                definition = discoverDefinition(for: value, typeID: typeID, isClass: info.isClass)
                isLearned = false
            } catch let restart as StreamRestart where restart.frame == snapshot.frames {
                rollBack(to: snapshot)
                return try encodeBuffered(
                    value, link: link, hint: hint, definition: definition, instance: instance, typeID: typeID,
                    learned: true)
            }
        }
        do {
            try encodeOnce(value, link: link, hint: hint, definition: definition, instance: instance)
        } catch let restart as StreamRestart where restart.frame == snapshot.frames {
            rollBack(to: snapshot)
            try encodeBuffered(
                value, link: link, hint: hint, definition: definition, instance: instance, typeID: typeID,
                learned: false)
        }
    }

    func rollBack(to snapshot: Snapshot) {
        output.truncate(to: snapshot.bytes)
        if stringCount > snapshot.strings {
            urlSlots = urlSlots.filter { $0.value < snapshot.strings }
            stringTable.removeSlots(from: snapshot.strings)
        }
        if objectCount > snapshot.objects { instanceSlots.removeSlots(from: snapshot.objects) }
        for index in definitions.indices where (definitions[index].classIndex ?? -1) >= snapshot.classes {
            definitions[index].classIndex = nil
        }
        objectCount = snapshot.objects
        stringCount = snapshot.strings
        classCount = snapshot.classes
        frames.removeLast(frames.count - snapshot.frames)
        dropExplicitKeys(above: snapshot.explicitKeys)
        while let last = nestedKeys.last, last.frame >= snapshot.frames { nestedKeys.removeLast() }
        if pendingRestart >= snapshot.frames { pendingRestart = -1 }
    }

    /// Drops the explicit keys pushed since there were `count`; their frames must be gone.
    @inline(__always)
    func dropExplicitKeys(above count: Int) {
        if explicitKeys.count > count { explicitKeys.removeLast(explicitKeys.count - count) }
    }

    @inline(__always)
    func encodeOnce<T: Encodable>(
        _ value: T, link: Link, hint: Hint, definition: Int, instance: Unmanaged<AnyObject>?, verifying: Bool = false
    ) throws {
        let base = frames.count
        let keyMark = explicitKeys.count
        frames.append(Frame(kind: .pending, hint: hint, link: link, definition: definition, instance: instance))
        let savedFrame = currentFrame
        currentFrame = base
        defer { currentFrame = savedFrame }
        try value.encode(to: self)
        if pendingRestart >= base { try restart(base) }
        if verifying && !wroteLearnedDefinition(base) { throw UnverifiedDefinition(frame: base) }
        try finish(base)
        while frames.count > base { frames.removeLast() }
        dropExplicitKeys(above: keyMark)
    }

    /// Throws the restart of the value of frame `base`, which a request for it or a frame above
    /// it (its nested containers) asked for.
    @inline(never)
    private func restart(_ base: Int) throws {
        pendingRestart = -1
        throw StreamRestart(frame: base)
    }

    func finish(_ index: Int) throws {
        switch frames[index].kind {
        case .pending:
            // A class instance that asked for no container is still written as an object.
            if frames[index].instance != nil { throw StreamRestart(frame: index) }
            writeNil()
        case .object, .objectBelowNested:
            let keyCount = definitions[frames[index].definition].keyCount
            for _ in frames[index].cursor..<max(frames[index].cursor, keyCount) { writeNil() }
        case .dictionary, .list:
            if frames[index].slotAtEnd {
                if let instance = frames[index].instance { remember(instance) }
                objectCount += 1
            }
        case .single:
            if frames[index].count == 0 { writeNil() }
        case .broken:
            break
        }
    }

    /// Records a class instance's object slot, and keeps the instance alive until the call ends
    /// (so no other object can take its address).
    func remember(_ instance: Unmanaged<AnyObject>) {
        let object = instance.takeUnretainedValue()
        instanceSlots.insert(ObjectIdentifier(object), slot: objectCount)
        retained.append(object)
    }
}
