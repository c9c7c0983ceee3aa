/// Coding paths, built only when asked for (errors, `codingPath`).
///
/// A frame does not hold its coding key: copying an `Optional<any CodingKey>` into every
/// frame costs a generic-metadata lookup per value. It records where its value sits in the
/// frame it was read from instead, and the key is rebuilt from the class definition (or the
/// dictionary's scanned keys, or the element index) when a path is needed.
extension FastDecodingContext {
    /// Where a frame's value sits in the frame it was read from.
    struct FrameKey {
        /// The frame whose container read the value (−1: the root value).
        var parent: Int
        /// Key index in the parent's definition or scanned keys, or element index in a
        /// parent list; −1 when the value adds no key (root, single-value containers); below
        /// −1, a key read under a former name (see ``DecodingEvolution/position(namingRenamed:)``).
        var position: Int
        /// The reading container's key type, so keyed positions come back as the caller's own keys.
        var keyType: (any CodingKey.Type)?

        /// The root value: no parent, no key.
        static let root = FrameKey(parent: -1, position: -1, keyType: nil)

        init(parent: Int, position: Int, keyType: (any CodingKey.Type)? = nil) {
            self.parent = parent
            self.position = position
            self.keyType = keyType
        }
    }

    var codingPath: [any CodingKey] { path(through: currentFrame) }

    /// The keys leading to the value of `frame`, following each frame's parent.
    func path(through frame: Int) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        var index = min(frame, frames.count - 1)
        while index >= 0 {
            let key = frames[index].key
            if let codingKey = codingKey(key) { keys.append(codingKey) }
            // Parents always come before their children; anything else ends the walk.
            guard key.parent < index else { break }
            index = key.parent
        }
        return keys.reversed()
    }

    /// `error`, thrown while reading a leaf value (one without a frame of its own) that frame
    /// `frame` holds under `key`, its coding path made `frame`'s path and `key`: the leaf readers
    /// can only name the current frame. An error that names a deeper place is left as it is.
    func naming(_ key: any CodingKey, of frame: Int, in error: any Error) -> any Error {
        let framePath = path(through: frame)
        return relocating(error, to: framePath + [key], unlessDeeperThan: framePath.count)
    }

    /// `error` with its coding path made `path`, when it is a `DecodingError` (other than
    /// `keyNotFound`, whose lookup names its own path) that names no more than `depth` keys.
    func relocating(
        _ error: any Error, to path: [any CodingKey], unlessDeeperThan depth: Int = .max
    ) -> any Error {
        guard let decodingError = error as? DecodingError else { return error }
        func located(_ context: DecodingError.Context) -> DecodingError.Context? {
            guard context.codingPath.count <= depth else { return nil }
            return DecodingError.Context(
                codingPath: path, debugDescription: context.debugDescription,
                underlyingError: context.underlyingError)
        }
        switch decodingError {
        case .typeMismatch(let type, let context):
            return located(context).map { DecodingError.typeMismatch(type, $0) } ?? error
        case .valueNotFound(let type, let context):
            return located(context).map { DecodingError.valueNotFound(type, $0) } ?? error
        case .dataCorrupted(let context):
            return located(context).map { DecodingError.dataCorrupted($0) } ?? error
        default:
            return error
        }
    }

    /// ``naming(_:of:in:)`` for a leaf read at `key`.
    func naming(leafOf key: FrameKey, in error: any Error) -> any Error {
        guard let codingKey = codingKey(key) else { return error }
        return naming(codingKey, of: key.parent, in: error)
    }

    /// The keys leading to a value about to be read at `key`.
    func path(to key: FrameKey) -> [any CodingKey] {
        path(through: key.parent) + (codingKey(key).map { [$0] } ?? [])
    }

    /// The keys leading from the value of frame `ancestor` (exclusive) to a value about to be
    /// read at `key`: as long as the distance between them, not as the whole path.
    func path(to key: FrameKey, from ancestor: Int) -> [any CodingKey] {
        var keys: [any CodingKey] = codingKey(key).map { [$0] } ?? []
        var index = min(key.parent, frames.count - 1)
        while index > ancestor {
            let frameKey = frames[index].key
            if let codingKey = codingKey(frameKey) { keys.append(codingKey) }
            guard frameKey.parent < index else { break }
            index = frameKey.parent
        }
        return keys.reversed()
    }

    /// The coding key for `key`, or `nil` when it adds none.
    func codingKey(_ key: FrameKey) -> (any CodingKey)? {
        if key.position < -1 { return renamedCodingKey(key) }
        guard key.position >= 0, frames.indices.contains(key.parent) else { return nil }
        let parent = frames[key.parent]
        let name: String
        var integer: Int?
        switch parent.kind {
        case .list, .value:
            return ArchiveCodingKey(index: key.position)
        case .streamingObject:
            guard classes.indices.contains(parent.classIndex),
                classes[parent.classIndex].keys.indices.contains(key.position)
            else { return nil }
            name = classes[parent.classIndex].keys[key.position]
        case .scannedKeyed:
            guard let scanned = parent.scanned, scanned.keys.indices.contains(key.position) else { return nil }
            name = scanned.keys[key.position]
            integer = scanned.intKeys.indices.contains(key.position) ? scanned.intKeys[key.position] : nil
        }
        if let keyType = key.keyType {
            if let integer, let typed = keyType.init(intValue: integer) { return typed }
            if let typed = keyType.init(stringValue: name) { return typed }
        }
        return integer.map(ArchiveCodingKey.init(intValue:)) ?? ArchiveCodingKey(stringValue: name)
    }
}
