import Foundation

/// Opening and closing the frames of keyed and list values: headers read, dictionaries scanned,
/// object values located.
extension FastDecodingContext {
    /// Reads the header of the keyed value at the current frame (an object or a dictionary).
    func beginKeyed(_ index: Int) throws -> Int {
        guard frames.indices.contains(index) else { throw corrupted("no value to read a keyed container from") }
        // Checked once: reading a header or a class definition adds no frame, which could move the stack.
        let frame = frames.address(of: index)
        switch frame.pointee.kind {
        case .streamingObject, .scannedKeyed:
            return index
        case .list:
            throw corrupted("a keyed container was requested for a value already read as a list")
        case .value:
            guard frame.pointee.cursor == 0 else { throw corrupted("the value was already read") }
        }
        while true {
            let start = reader.offset
            let code = try reader.readByte("a keyed chunk")
            switch code {
            case ChunkType.classDefinition.rawValue:
                try readDefinition()
            case ChunkType.object8.rawValue, ChunkType.object16.rawValue, ChunkType.object32.rawValue:
                let classIndex = try reader.readIndex(code: code, first: .object8)
                guard classIndex < classes.count else {
                    throw FastCodingError.indexOutOfRange(
                        table: "class", index: classIndex, count: classes.count, offset: start)
                }
                appendObjectSlot(at: start)
                frame.pointee.kind = .streamingObject
                frame.pointee.classIndex = classIndex
                frame.pointee.keyTags = classes[classIndex].keyTags
                frame.pointee.count = classes[classIndex].keys.count
                frame.pointee.firstValueOffset = reader.offset
                return index
            case ChunkType.dictionary.rawValue, ChunkType.mutableDictionary.rawValue:
                try scanDictionary(index, start: start, mutable: code == ChunkType.mutableDictionary.rawValue)
                return index
            default:
                throw mismatch([String: String].self, code, at: start)
            }
        }
    }

    private func scanDictionary(_ index: Int, start: Int, mutable: Bool) throws {
        if mutable { appendObjectSlot(at: start) }
        let count = try reader.readCount(minimumSize: 2, "an entry count")
        var keys: [String] = []
        var intKeys: [Int?] = []
        var offsets: [Int] = []
        for _ in 0..<count {
            offsets.append(reader.offset)
            try skipValue()
            let keyStart = reader.offset
            switch reader.peekByte() {
            case ChunkType.one.rawValue, ChunkType.zero.rawValue, ChunkType.int8.rawValue,
                ChunkType.int16.rawValue, ChunkType.int32.rawValue, ChunkType.int64.rawValue:
                let integer = try readInteger(Int.self)
                keys.append(String(integer))
                intKeys.append(integer)
            default:
                do {
                    keys.append(try readString())
                } catch is DecodingError {
                    throw FastCodingError.unexpectedChunk(
                        ChunkType(rawValue: reader.peekByte() ?? 0) ?? .nil, offset: keyStart,
                        expected: "a string or integer dictionary key")
                }
                intKeys.append(nil)
            }
        }
        if !mutable { appendObjectSlot(at: start) }
        let scanned = ScannedValues()
        scanned.isDictionary = true
        scanned.keys = keys
        scanned.intKeys = intKeys
        scanned.offsets = offsets
        frames[index].kind = .scannedKeyed
        frames[index].scanned = scanned
        frames[index].count = count
    }

    /// Reads the header of the list value at the current frame (array, set, ordered set).
    func beginList(_ index: Int) throws -> Int {
        guard frames.indices.contains(index) else { throw corrupted("no value to read an unkeyed container from") }
        let frame = frames.address(of: index)
        guard frame.pointee.kind == .value, frame.pointee.cursor == 0 else {
            throw corrupted("an unkeyed container was requested for a value already read")
        }
        let start = reader.offset
        let code = try reader.readByte("a list chunk")
        switch code {
        case ChunkType.array.rawValue, ChunkType.set.rawValue, ChunkType.orderedSet.rawValue:
            frame.pointee.slotAtEnd = start
        case ChunkType.mutableArray.rawValue, ChunkType.mutableSet.rawValue, ChunkType.mutableOrderedSet.rawValue:
            appendObjectSlot(at: start)
        default:
            throw mismatch([String].self, code, at: start)
        }
        frame.pointee.count = try reader.readCount(minimumSize: 1, "an element count")
        frame.pointee.kind = .list
        // Names the list for its unkeyed containers (lists have no values to find again).
        frame.pointee.firstValueOffset = start
        return index
    }

    /// Moves past whatever `init(from:)` left unread, so the next value starts at the right byte.
    ///
    /// Most objects are read to their last value, leaving nothing to do: that check is inline,
    /// the rest out of line.
    @inline(__always)
    func finish(_ index: Int) throws {
        let frame = frames.address(of: index)
        if frame.pointee.kind == .streamingObject && frame.pointee.cursor >= frame.pointee.count { return }
        try finishUnread(index)
    }

    @inline(never)
    private func finishUnread(_ index: Int) throws {
        let cursor = frames[index].cursor
        let count = frames[index].count
        switch frames[index].kind {
        case .value:
            if cursor == 0 { try skipValue() }
        case .streamingObject:
            for _ in cursor..<max(cursor, count) { try skipValue() }
        case .scannedKeyed:
            break
        case .list:
            if frames[index].scanned == nil {
                for _ in cursor..<max(cursor, count) { try skipValue() }
            }
            if let start = frames[index].slotAtEnd { appendObjectSlot(at: start) }
        }
    }

    /// Locates every value of a streaming object frame and turns it into a scanned frame, for
    /// keys asked out of wire order: values already read are found again by re-walking them
    /// in replay mode, the rest are passed over now.
    func scanObjectValues(_ index: Int) throws {
        let cursor = frames[index].cursor
        let count = frames[index].count
        var offsets: [Int] = []
        offsets.reserveCapacity(count)
        try replay(at: frames[index].firstValueOffset) {
            for _ in 0..<cursor {
                offsets.append(reader.offset)
                try skipValue()
            }
        }
        for _ in cursor..<max(cursor, count) {
            offsets.append(reader.offset)
            try skipValue()
        }
        let scanned = ScannedValues()
        scanned.keys = classes[frames[index].classIndex].keys
        scanned.intKeys = Array(repeating: nil, count: scanned.keys.count)
        scanned.offsets = offsets
        frames[index].scanned = scanned
        frames[index].kind = .scannedKeyed
        frames[index].cursor = count
    }

    /// A separate frame for a nested container: the value is located (skipped) now and read in replay.
    func scannedFrame(key: FrameKey, keyed: Bool) throws -> Int {
        frames.append(Frame(kind: .value, key: key))
        let index = frames.count - 1
        if keyed {
            _ = try beginKeyed(index)
            if frames[index].kind == .streamingObject {
                let keys = classes[frames[index].classIndex].keys
                var offsets: [Int] = []
                for _ in keys {
                    offsets.append(reader.offset)
                    try skipValue()
                }
                let scanned = ScannedValues()
                scanned.keys = keys
                scanned.intKeys = Array(repeating: nil, count: keys.count)
                scanned.offsets = offsets
                frames[index].kind = .scannedKeyed
                frames[index].scanned = scanned
            }
        } else {
            _ = try beginList(index)
            var offsets: [Int] = []
            for _ in 0..<frames[index].count {
                offsets.append(reader.offset)
                try skipValue()
            }
            let scanned = ScannedValues()
            scanned.offsets = offsets
            frames[index].scanned = scanned
            if let start = frames[index].slotAtEnd {
                appendObjectSlot(at: start)
                frames[index].slotAtEnd = nil
            }
        }
        return index
    }
}
