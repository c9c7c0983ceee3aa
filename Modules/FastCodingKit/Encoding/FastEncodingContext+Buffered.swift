/// Writing a value through a ``BufferedEncoder``: what its containers hold is collected first,
/// then written in the stream's order (see ``StreamRestart``). Out of line: only values whose
/// `encode(to:)` uses its containers in a way a stream cannot follow come here.
extension FastEncodingContext {
    /// Encodes `value` through a ``BufferedEncoder`` and writes what its containers hold: a keyed
    /// value as an object in its class definition's order (widened by the keys the definition
    /// lacks, §10.3), containers nested in it as MutableDictionary and MutableArray chunks, and a
    /// class instance that wrote a single value or a list as an object of its class holding it
    /// under ``KeyNames/wrappedValue``. `learned`: `definition` is what an earlier call learned.
    @inline(never)
    func encodeBuffered<T: Encodable>(
        _ value: T, link: Link, hint: Hint, definition: Int, instance: Unmanaged<AnyObject>?,
        typeID: ObjectIdentifier, learned: Bool
    ) throws {
        let base = frames.count
        let keyMark = explicitKeys.count
        frames.append(Frame(kind: .pending, hint: hint, link: link, definition: definition, instance: instance))
        let savedFrame = currentFrame
        currentFrame = base
        defer { currentFrame = savedFrame }
        let node = BufferedNode()
        let state = BufferedEncoder.State(userInfo: userInfo)
        try value.encode(to: BufferedEncoder(node: node, state: state, codingPath: path(through: base)))
        if let error = state.error { throw error }
        let definition = learned ? checkLearned(definition, against: node, for: value, typeID: typeID) : definition
        switch node.kind {
        case .keyed where hint == .dictionary:
            startDictionary(base, mutable: false)
            try writeEntries(of: node, in: base)
        case .keyed:
            frames[base].definition = widened(definition, toHold: node, for: value, typeID: typeID)
            try startBufferedObject(base)
            let keys = definitions[frames[base].definition].keys
            for (position, name) in keys.enumerated() {
                frames[base].cursor = position + 1
                try writeEntry(node.entry(named: name) ?? .null, link: .position(parent: base))
            }
        case _ where instance != nil:
            frames[base].definition = wrapperDefinition(for: value, typeID: typeID)
            try startBufferedObject(base)
            frames[base].cursor = 1
            try writeWrapped(node, link: .position(parent: base))
        case .unkeyed:
            startList(base, type: hint == .set ? .set : .array)
            try writeElements(of: node, in: base)
        case .single:
            frames[base].kind = .single
            frames[base].count = 1
            try writeEntry(node.entries.first ?? .null, link: .single(parent: base))
        case .none:
            break
        }
        try finish(base)
        frames.removeLast(frames.count - base)
        dropExplicitKeys(above: keyMark)
    }

    /// `definition`, learned by an earlier call, if a discovery pass over `value` would have found
    /// it; otherwise the definition that pass would make (the learned one no longer trusted), so
    /// the bytes are those of an encoder that learns every type anew.
    private func checkLearned<T>(
        _ definition: Int, against node: BufferedNode, for value: T, typeID: ObjectIdentifier
    ) -> Int {
        let discovered = node.firstKind == .keyed ? node.names : nil
        let known = definition >= 0 ? definitions[definition].keys : nil
        // Compared byte for byte: a key spelled in another normalization is another key.
        guard known?.map(UTF8StringKey.init) != discovered?.map(UTF8StringKey.init) else { return definition }
        distrustLearnedDefinition(of: typeID)
        let fresh = makeDefinition(for: value, keys: discovered)
        setCurrentDefinition(fresh, for: typeID)
        return fresh
    }

    /// `definition`, or a new one made current with the keys `node` holds that it lacks (§10.3).
    private func widened<T>(_ definition: Int, toHold node: BufferedNode, for value: T, typeID: ObjectIdentifier) -> Int
    {
        let old = definition >= 0 ? definitions[definition].keys : []
        let added = node.names.filter { name in !old.contains { UTF8StringKey.haveSameBytes($0, name) } }
        guard definition < 0 || !added.isEmpty else { return definition }
        let made = makeDefinition(for: value, keys: old + added)
        setCurrentDefinition(made, for: typeID)
        return made
    }

    /// The definition of `value`'s class as a wrapped value: its name and ``KeyNames/wrappedValue``.
    private func wrapperDefinition<T>(for value: T, typeID: ObjectIdentifier) -> Int {
        for entry in wrapperDefinitions where entry.type == typeID { return entry.definition }
        let definition = makeDefinition(for: value, keys: [KeyNames.wrappedValue])
        wrapperDefinitions.append((typeID, definition))
        return definition
    }

    /// Writes the object header of frame `index` (its definition set), or throws why it cannot.
    private func startBufferedObject(_ index: Int) throws {
        startObject(index)
        guard frames[index].kind == .object else {
            throw deferredError ?? invalid((), "the object could not be written", at: index)
        }
    }

    private func writeEntry(_ entry: BufferedNode.Entry, link: Link) throws {
        switch entry {
        case .null: writeNil()
        case .value(let value): try encode(value, link: link)
        case .node(let node): try writeNested(node, link: link)
        }
    }

    /// The entries of a keyed node as dictionary entries of frame `index`: value, then key.
    private func writeEntries(of node: BufferedNode, in index: Int) throws {
        for (key, entry) in zip(node.keys, node.entries) {
            let mark = explicitKeys.count
            explicitKeys.append(key)
            do {
                try writeEntry(entry, link: .explicit(parent: index, keyIndex: mark))
            } catch {
                throw naming(key, of: index, in: error)
            }
            dropExplicitKeys(above: mark)
            if let integer = key.intValue, key.stringValue == String(integer) {
                IntegerChunk.write(Int64(integer), to: output)
            } else {
                try writeString(key.stringValue)
            }
            countElement(index)
        }
    }

    /// The elements of an unkeyed node as the elements of list frame `index`.
    private func writeElements(of node: BufferedNode, in index: Int) throws {
        for entry in node.entries {
            try writeEntry(entry, link: .position(parent: index))
            countElement(index)
        }
    }

    /// A nested container (or what a super encoder wrote): a MutableDictionary (a super encoder
    /// that asked for no container writes an empty one, as Foundation's encoders do), a
    /// MutableArray, or the single value.
    private func writeNested(_ node: BufferedNode, link: Link) throws {
        if node.kind == .single { return try writeEntry(node.entries.first ?? .null, link: link) }
        let index = try pushBufferedFrame(link: link)
        if node.kind == .unkeyed {
            startList(index, type: .mutableArray)
            try writeElements(of: node, in: index)
        } else {
            startDictionary(index, mutable: true)
            try writeEntries(of: node, in: index)
        }
        frames.removeLast(frames.count - index)
    }

    /// The value of a class instance that wrote a single value or a list (an Array chunk).
    private func writeWrapped(_ node: BufferedNode, link: Link) throws {
        guard node.kind == .unkeyed else { return try writeEntry(node.entries.first ?? .null, link: link) }
        let index = try pushBufferedFrame(link: link)
        startList(index, type: .array)
        try writeElements(of: node, in: index)
        try finish(index)
        frames.removeLast(frames.count - index)
    }

    /// A frame for a nested node, within the depth limit and the thread's stack.
    private func pushBufferedFrame(link: Link) throws -> Int {
        guard frames.count < maximumDepth else {
            throw invalid((), "nesting deeper than \(maximumDepth) levels (raise FastEncoder.maximumDepth if intended)")
        }
        if stackSpace.isRunningOut(atDepth: frames.count) { throw invalid((), StackSpace.message(depth: frames.count)) }
        frames.append(Frame(kind: .pending, hint: .plain, link: link))
        return frames.count - 1
    }
}
