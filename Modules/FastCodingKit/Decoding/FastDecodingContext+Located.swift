/// Values read again from where they were located: the value a super decoder reads, and the
/// value of a class written through a single-value or unkeyed container (see ``KeyNames/wrappedValue``).
extension FastDecodingContext {
    /// Where the keyed value of frame `frame` holds the key named `name`: its position in the
    /// frame's keys, and the offset to read it from, or −1 when it is the next value in the
    /// stream (claimed now). `nil` when it holds no such key.
    func locate(named name: String, in frame: Int) throws -> (position: Int, offset: Int)? {
        guard frames.indices.contains(frame) else {
            throw corrupted("a keyed container was used after its value was finished")
        }
        if frames[frame].kind == .streamingObject {
            let keys = classes[frames[frame].classIndex].keys
            let cursor = frames[frame].cursor
            if cursor < keys.count && UTF8StringKey.haveSameBytes(keys[cursor], name) {
                frames[frame].cursor = cursor + 1
                return (cursor, -1)
            }
            guard keys.contains(where: { UTF8StringKey.haveSameBytes($0, name) }) else { return nil }
            try scanObjectValues(frame)
        }
        guard let scanned = frames[frame].scanned,
            let found = scanned.keys.firstIndex(where: { UTF8StringKey.haveSameBytes($0, name) })
        else {
            return nil
        }
        return (found, scanned.offsets[found])
    }

    /// A decoder for the value at `offset`, or for the value next in the stream (claimed in `key`'s
    /// parent frame) when `offset` is −1, which is then passed over: the decoder reads it again.
    func locatedDecoder(at offset: Int, key: FrameKey) throws -> FastLocatedDecoder {
        guard offset < 0 else { return FastLocatedDecoder(context: self, key: key, offset: offset) }
        let mark = readMark
        do {
            return FastLocatedDecoder(context: self, key: key, offset: try locateValue())
        } catch {
            unread(claimedIn: key.parent, from: mark)
            throw error
        }
    }

    /// A decoder for the value a class wrote through a single-value or unkeyed container: the
    /// ``KeyNames/wrappedValue`` of the object being read in the current frame.
    @inline(never)
    func wrappedValueDecoder() throws -> FastLocatedDecoder {
        let frame = currentFrame
        guard let location = try locate(named: KeyNames.wrappedValue, in: frame) else {
            let classIndex = frames[frame].classIndex
            let name = classes.indices.contains(classIndex) ? "an object (\(classes[classIndex].name))" : "a dictionary"
            throw corrupted(
                "expected a single value or a list but found \(name) without a '\(KeyNames.wrappedValue)' key")
        }
        return try locatedDecoder(at: location.offset, key: FrameKey(parent: frame, position: location.position))
    }
}
