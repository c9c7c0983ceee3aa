/// Starting containers (object, dictionary, list chunks) and placing keyed values in definition order.
extension FastEncodingContext {
    /// Turns a pending frame into an object or dictionary and writes its header.
    func beginKeyed(_ index: Int) -> Int {
        guard frames.indices.contains(index) else { return index }
        switch frames[index].kind {
        case .object, .dictionary:
            return index
        case .pending:
            if frames[index].hint == .dictionary || frames[index].definition < 0 {
                startDictionary(index, mutable: false)
            } else {
                startObject(index)
            }
            return index
        default:
            fail("a keyed container was requested after another kind of container for the same value")
            return index
        }
    }

    private func startObject(_ index: Int) {
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
        guard frames.indices.contains(index), frames[index].kind == .pending else {
            fail("an unkeyed container was requested after another container for the same value")
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

    /// Moves an object frame's cursor to `key`, writing Nil for skipped keys; `false` when the
    /// value must not be written now (ordered mode, another key's pass).
    @inline(__always)
    func position<Key: CodingKey>(_ index: Int, at key: Key) throws -> Bool {
        // The common case: the key the definition lists next, recognised by its tag.
        let frame = frames.address(of: index)
        let cursor = frame.pointee.cursor
        if cursor < frame.pointee.keyCount, frame.pointee.orderedTarget < 0,
            let keyTags = frame.pointee.keyTags, keyTags[cursor].matches(key)
        {
            frame.pointee.cursor = cursor + 1
            return true
        }
        return try position(index, named: key.stringValue, tag: KeyTag(key))
    }

    private func position(_ index: Int, named name: String, tag: KeyTag?) throws -> Bool {
        let definition = frames[index].definition
        let cursor = frames[index].cursor
        let keys = definitions[definition].keys
        if frames[index].orderedTarget >= 0 {
            guard keys[frames[index].orderedTarget] == name, !frames[index].orderedWritten else {
                if !keys.contains(name) { throw DefinitionMismatch(frame: index, key: name) }
                return false
            }
            frames[index].orderedWritten = true
            return true
        }
        guard cursor < keys.count, let found = keys[cursor...].firstIndex(of: name) else {
            throw DefinitionMismatch(frame: index, key: name)
        }
        for _ in cursor..<found { writeNil() }
        if found != cursor { frames[index].skippedKeys = true }
        frames[index].cursor = found + 1
        if let tag { definitions[definition].keyTags[found] = tag }
        return true
    }
}
