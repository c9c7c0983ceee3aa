/// Undoing a read that failed, so that the value can be read again (as another type, say), as
/// Foundation's decoders allow: `try? container.decode(Int.self)` that throws leaves the element
/// for the next `decode`.
///
/// A read at the stream's frontier adds to the string, object and class tables as it goes. Each
/// entry it added belongs to a chunk at or after the value's first byte, while every entry made
/// before lies before it (replays add none), so the tables are cut back by offset, and the string
/// table, whose entries keep no offset, by its count when the read began.
extension FastDecodingContext {
    /// Where a read began.
    struct ReadMark {
        let offset: Int
        let strings: Int
    }

    /// The mark of a read beginning now.
    @inline(__always)
    var readMark: ReadMark { ReadMark(offset: reader.offset, strings: strings.count) }

    /// Moves back to `mark` and forgets the table entries the failed read added.
    @inline(never)
    func rewind(to mark: ReadMark) {
        reader.offset = mark.offset
        guard replaying == 0 else { return }
        if strings.count > mark.strings {
            strings.removeLast(strings.count - mark.strings)
            if !urls.isEmpty {
                urls = urls.filter { $0.key < mark.strings }
                urlChains = urlChains.filter { $0.key < mark.strings }
            }
        }
        var keptObjects = objects.count
        while keptObjects > 0 && objects[keptObjects - 1].offset >= mark.offset { keptObjects -= 1 }
        objects.removeLast(objects.count - keptObjects)
        var keptChunks = objectChunks.count
        while keptChunks > 0 && objectChunks[keptChunks - 1].offset >= mark.offset { keptChunks -= 1 }
        objectChunks.removeLast(objectChunks.count - keptChunks)
        while let last = classes.last, last.offset >= mark.offset {
            // A frame left by the failed read may still point at the class's key tags.
            retiredKeyTags.append(last.keyTags)
            classes.removeLast()
        }
    }

    /// Gives back a value whose read from the stream failed: rewinds to `mark` and un-claims the
    /// value's key in the streaming object of frame `frame` (claiming moved its cursor by one).
    @inline(never)
    func unread(claimedIn frame: Int, from mark: ReadMark) {
        rewind(to: mark)
        guard frames.indices.contains(frame) else { return }
        // Read and written at once, before any frame is pushed (which could move it).
        let state = frames.address(of: frame)
        if state.pointee.kind == .streamingObject && state.pointee.cursor > 0 { state.pointee.cursor -= 1 }
    }
}
