/// Coding paths, built only when asked for (errors, `codingPath`), from the frames' links.
extension FastEncodingContext {
    var codingPath: [any CodingKey] { path(through: currentFrame) }

    func path(through frame: Int) -> [any CodingKey] {
        var path: [any CodingKey] = []
        var index = min(frame, frames.count - 1)
        while index >= 0 {
            // A parent is always below its child on the stack, so this walk ends.
            switch frames[index].link {
            case .root:
                index = -1
            case .single(let parent):
                index = min(parent, index - 1)
            case .position(let parent):
                if let key = positionKey(of: parent) { path.append(key) }
                index = min(parent, index - 1)
            case .element(let parent, let element):
                path.append(ArchiveCodingKey(index: element))
                index = min(parent, index - 1)
            case .explicit(let parent, let keyIndex):
                if explicitKeys.indices.contains(keyIndex) { path.append(explicitKeys[keyIndex]) }
                index = min(parent, index - 1)
            }
        }
        return path.reversed()
    }

    /// The path of the leaf value being written now (a leaf has no frame of its own): the
    /// innermost frame's path, the key or index that frame is at, then `element` when the leaf
    /// is an item of an array written without a frame.
    func leafPath(element: Int? = nil) -> [any CodingKey] {
        let innermost = frames.count - 1
        var path = path(through: innermost)
        if let key = positionKey(of: innermost) { path.append(key) }
        if let element { path.append(ArchiveCodingKey(index: element)) }
        return path
    }

    /// `error`, thrown by a leaf written under `key` in frame `frame`, with `key` in its coding
    /// path when the frame is a dictionary: a dictionary's frame learns an entry's key only after
    /// its value, so ``leafPath(element:)`` could not name it.
    func naming(_ key: some CodingKey, of frame: Int, in error: any Error) -> any Error {
        guard frames.indices.contains(frame), frames[frame].kind == .dictionary,
            case .invalidValue(let value, let context)? = error as? EncodingError
        else { return error }
        var codingPath = context.codingPath
        let depth = path(through: frame).count
        guard depth <= codingPath.count else { return error }
        codingPath.insert(key, at: depth)
        return EncodingError.invalidValue(
            value,
            EncodingError.Context(
                codingPath: codingPath, debugDescription: context.debugDescription,
                underlyingError: context.underlyingError))
    }

    /// The key or index frame `index` is writing now.
    private func positionKey(of index: Int) -> (any CodingKey)? {
        guard frames.indices.contains(index) else { return nil }
        let frame = frames[index]
        switch frame.kind {
        case .object, .objectBelowNested:
            let keys = definitions[frame.definition].keys
            let position = frame.cursor - 1
            return keys.indices.contains(position) ? ArchiveCodingKey(stringValue: keys[position]) : nil
        case .list:
            return ArchiveCodingKey(index: Int(frame.count))
        default:
            return nil
        }
    }
}
