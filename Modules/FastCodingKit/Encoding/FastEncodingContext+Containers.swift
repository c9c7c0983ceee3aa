/// Starting containers (object, dictionary, list chunks) and placing keyed values in definition order.
extension FastEncodingContext {
    /// Turns a pending frame into an object or dictionary and writes its header.
    func beginKeyed(_ index: Int) -> Int {
        guard frames.indices.contains(index) else { return index }
        switch frames[index].kind {
        case .object, .objectBelowNested, .dictionary:
            return index
        case .pending where frames[index].hint == .dictionary:
            startDictionary(index, mutable: false)
        case .pending where frames[index].definition >= 0:
            startObject(index)
        default:
            // After another container, or keyed where the type's first value was not: buffered.
            requestRestart(index)
        }
        return index
    }

    func startObject(_ index: Int) {
        let definition = frames[index].definition
        if definitions[definition].classIndex == nil {
            let record = definitions[definition]
            if !record.isKnownWritable
                && (record.name.utf8.contains(0) || record.keys.contains(where: { $0.utf8.contains(0) }))
            {
                fail("class names and coding keys cannot contain U+0000")
                return
            }
            output.writeByte(ChunkType.classDefinition.rawValue)
            output.writeRawString(record.name)
            output.writeAligned(UInt32(truncatingIfNeeded: record.keys.count))
            for key in record.keys { output.writeRawString(key) }
            definitions[definition].classIndex = classCount
            classCount += 1
        }
        if let instance = frames[index].instance { remember(instance) }
        objectCount += 1
        AliasChunk.write(.object8, definitions[definition].classIndex ?? 0, to: output)
        frames[index].kind = .object
        frames[index].keyTags = definitions[definition].keyTags
        frames[index].keyCount = definitions[definition].keyCount
    }

    func startDictionary(_ index: Int, mutable: Bool) {
        output.writeByte((mutable ? ChunkType.mutableDictionary : .dictionary).rawValue)
        output.pad(4)
        frames[index].countOffset = output.count
        output.write(UInt32(0))
        frames[index].kind = .dictionary
        if mutable {
            objectCount += 1
        } else {
            frames[index].slotAtEnd = true
        }
    }

    func beginList(_ index: Int) -> Int {
        guard frames.indices.contains(index) else { return index }
        // A class instance is wrapped in an object (its identity kept), and a list after another
        // container merges with it: both are written buffered.
        guard frames[index].kind == .pending, frames[index].instance == nil else {
            requestRestart(index)
            return index
        }
        startList(index, type: frames[index].hint == .set ? .set : .array)
        return index
    }

    func startList(_ index: Int, type: ChunkType) {
        output.writeByte(type.rawValue)
        output.pad(4)
        frames[index].countOffset = output.count
        output.write(UInt32(0))
        frames[index].kind = .list
        if type == .mutableArray {
            objectCount += 1
        } else {
            frames[index].slotAtEnd = true
        }
    }

    /// A new frame for a nested container (MutableArray / MutableDictionary, slot taken up front).
    func pushNested(link: Link, keyed: Bool) -> Int {
        frames.append(Frame(kind: .pending, hint: .plain, link: link))
        let index = frames.count - 1
        // Keys left by nested containers whose frames are gone.
        while let last = nestedKeys.last, last.frame >= index { nestedKeys.removeLast() }
        if keyed {
            startDictionary(index, mutable: true)
        } else {
            startList(index, type: .mutableArray)
        }
        return index
    }

    /// Counts one more element or entry of a list/dictionary frame.
    @inline(__always)
    func countElement(_ index: Int) {
        frames[index].count += 1
        output.patch(frames[index].count, at: frames[index].countOffset)
    }

    /// Moves an object frame's cursor to `key`, writing Nil for skipped keys.
    ///
    /// - Throws: ``StreamRestart`` when the definition does not list `key` at or after the cursor
    ///   (a key written twice, keys in another order, a key the definition lacks): the value is
    ///   then written buffered, in the definition's order, widened by the keys it lacks (§10.3).
    @inline(__always)
    func position<Key: CodingKey>(_ index: Int, at key: Key) throws {
        // The common case: the key the definition lists next, recognised by its tag.
        let frame = frames.address(of: index)
        let cursor = frame.pointee.cursor
        if cursor < frame.pointee.keyCount, let keyTags = frame.pointee.keyTags, keyTags[cursor].matches(key) {
            frame.pointee.cursor = cursor + 1
            return
        }
        try position(index, named: key.stringValue, tag: KeyTag(key))
    }

    private func position(_ index: Int, named name: String, tag: KeyTag?) throws {
        let definition = frames[index].definition
        let cursor = frames[index].cursor
        let keys = definitions[definition].keys
        guard cursor < keys.count,
            let found = keys[cursor...].firstIndex(where: { UTF8StringKey.haveSameBytes($0, name) })
        else {
            requestRestart(index)
            throw StreamRestart(frame: index)
        }
        for _ in cursor..<found { writeNil() }
        if found != cursor { frames[index].skippedKeys = true }
        frames[index].cursor = found + 1
        if let tag { definitions[definition].keyTags[found] = tag }
    }

    /// Records `name` as written to the nested keyed container of frame `frame` (the top frame);
    /// `false` when it was written there before, or when the container holds too many keys to
    /// look through: the value is then written buffered.
    @inline(never)
    func noteNestedKey(_ name: String, in frame: Int) -> Bool {
        // Keys of nested containers above `frame` are gone with their frames.
        while let last = nestedKeys.last, last.frame > frame { nestedKeys.removeLast() }
        var written = 0
        for entry in nestedKeys.reversed() {
            guard entry.frame == frame else { break }
            if entry.name == name { return false }
            written += 1
        }
        guard written < Self.nestedKeysLookedThrough else { return false }
        nestedKeys.append((frame, name))
        return true
    }

    /// The most keys a streamed nested keyed container holds; one with more is written buffered.
    static let nestedKeysLookedThrough = 32
}
