/// Passing over one chunk without building a value, while keeping the caches in step.
extension FastDecodingContext {
    /// Passes over the next chunk, returning its offset, for a decoder that reads it later
    /// (``FastLocatedDecoder``).
    func locateValue() throws -> Int {
        let start = reader.offset
        try skipValue()
        return start
    }

    func skipValue() throws {
        let start = reader.offset
        let code = try reader.readByte()
        guard let type = ChunkType(rawValue: code) else {
            throw FastCodingError.unknownChunkType(code: code, offset: start)
        }
        try enter(start)
        defer { depth -= 1 }
        let slot = type.objectSlot
        if slot == .beforeContents { appendObjectSlot(at: start) }
        switch type {
        case .nil, .null, .true, .false, .one, .zero:
            break
        case .int8:
            _ = try reader.read(UInt8.self, "an int8")
        case .int16:
            _ = try reader.readAligned(UInt16.self, "an int16")
        case .int32, .float32:
            _ = try reader.readAligned(UInt32.self, "a 32-bit number")
        case .int64, .float64:
            _ = try reader.readAligned(UInt64.self, "a 64-bit number")
        case .decimalNumber:
            try reader.align(NSDecimalLayout.size)
            _ = try NSDecimalLayout.read(from: &reader)
        case .objectAlias8, .objectAlias16, .objectAlias32:
            _ = try objectEntry(try reader.readIndex(code: type.rawValue, first: .objectAlias8), at: start)
        case .stringAlias8, .stringAlias16, .stringAlias32:
            let index = try reader.readIndex(code: type.rawValue, first: .stringAlias8)
            guard index < strings.count else {
                throw FastCodingError.indexOutOfRange(
                    table: "string", index: index, count: strings.count, offset: start)
            }
        case .string:
            if replaying == 0 {
                strings.append(try reader.readRawString())
            } else {
                try reader.skipRawString()
            }
        case .mutableString:
            try reader.skipRawString()
        case .data, .mutableData:
            let length = try reader.readAligned(UInt32.self, "a data length")
            _ = try reader.readPaddedBytes(length: Int(length), "\(length) bytes of data")
        case .date, .legacyDate:
            _ = try reader.readAligned(UInt64.self, "a date")
        case .array, .set, .orderedSet, .mutableArray, .mutableSet, .mutableOrderedSet:
            for _ in 0..<(try reader.readCount(minimumSize: 1, "an element count")) { try skipValue() }
        case .dictionary, .mutableDictionary:
            for _ in 0..<(try reader.readCount(minimumSize: 2, "an entry count")) {
                try skipValue()
                try skipValue()
            }
        case .indexSet, .mutableIndexSet:
            let count = try reader.readCount(minimumSize: 8, "a range count")
            _ = try reader.readPaddedBytes(length: count * 8, "\(count) ranges")
        case .classDefinition:
            try readDefinition()
            try skipValue()
        case .object8, .object16, .object32:
            let classIndex = try reader.readIndex(code: type.rawValue, first: .object8)
            guard classIndex < classes.count else {
                throw FastCodingError.indexOutOfRange(
                    table: "class", index: classIndex, count: classes.count, offset: start)
            }
            // The object's slot was taken above, before its values.
            if replaying == 0 { recordObjectChunk(at: start, slot: objects.count - 1) }
            for _ in classes[classIndex].keys { try skipValue() }
        case .url:
            reader.offset = start
            _ = try readURL()
        case .point, .size, .vector, .rect, .range, .affineTransform, .transform3D:
            if let layout = StructChunk.payloadLayout(of: type) {
                try reader.align(layout.alignment)
                _ = try reader.readPaddedBytes(length: layout.byteCount, "the \(type) struct")
            }
        case .codedObject:
            _ = try readString()
            while reader.peekByte() != ChunkType.nil.rawValue {
                try skipValue()
                try skipValue()
            }
            reader.offset += 1
        case .keyedArchive:
            let dataStart = reader.offset
            let code = try reader.readByte()
            guard code == ChunkType.data.rawValue || code == ChunkType.mutableData.rawValue else {
                throw FastCodingError.unexpectedChunk(
                    .keyedArchive, offset: dataStart, expected: "a Data chunk holding the archive")
            }
            reader.offset = dataStart
            try skipValue()
        }
        if slot == .afterContents { appendObjectSlot(at: start) }
    }
}
