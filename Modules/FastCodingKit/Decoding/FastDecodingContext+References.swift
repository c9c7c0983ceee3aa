/// Back-pointers that decode cycles: CodingCore's `ReferenceResolvingDecoder`.
///
/// `@Reference` and `@StrongReference` properties ask for their object here. An alias to an
/// object that is still being built (an ancestor) is recorded in ``pendingReferences`` and
/// filled when that object finishes; anything else is read at once.
extension FastDecodingContext: ReferenceResolvingDecoder {
    func decodeReference<Target: AnyObject & Decodable>(
        _ type: Target.Type,
        assign: @escaping (Target?) -> Void
    ) throws {
        let frame = currentFrame
        guard frames.indices.contains(frame), frames[frame].kind == .value, frames[frame].cursor == 0 else {
            throw corrupted("the reference was already read")
        }
        frames[frame].cursor = 1
        if readNilIfPresent() {
            assign(nil)
            return
        }
        let key = FrameKey(parent: frame, position: -1)
        if let slot = try unfinishedObjectSlot() {
            // The path from the object waited for: the whole path, for every back-pointer of a
            // deep graph, would cost time in the square of its depth. The object's own path is
            // put in front only if an error needs it (see `decodeInstance`).
            let relativePath = path(to: key, from: Int(objects[slot].frame))
            pendingReferences.add(waitingFor: slot, codingPath: relativePath, assign: assign)
            hasPendingReferences = true
            return
        }
        assign(try decode(Target.self, key: key))
    }

    /// The object slot of the object the next chunk refers to when that object is still being
    /// built (an alias to it, or its own chunk read again out of order), consuming the chunk;
    /// `nil`, consuming nothing, otherwise.
    private func unfinishedObjectSlot() throws -> Int? {
        let start = reader.offset
        guard let code = reader.peekByte() else { return nil }
        switch code {
        case ChunkType.objectAlias8.rawValue, ChunkType.objectAlias16.rawValue, ChunkType.objectAlias32.rawValue:
            reader.offset += 1
            let slot = try reader.readIndex(code: code, first: .objectAlias8)
            if try objectEntry(slot, at: start).building { return slot }
        case ChunkType.object8.rawValue, ChunkType.object16.rawValue, ChunkType.object32.rawValue:
            if replaying > 0, let slot = objectChunkSlot(at: start), objects[slot].building {
                try skipValue()
                return slot
            }
        default:
            break
        }
        reader.offset = start
        return nil
    }
}
