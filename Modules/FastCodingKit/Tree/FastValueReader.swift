import CodingCore
import Foundation

/// Parses FastCoding v3 bytes into a ``FastValue`` tree, mirroring the original's caches.
///
/// Depth counts the tree as built: every cache entry remembers its height, and an alias at
/// depth `d` to a node of height `h` reaches `d + h - 1`, so aliases of aliases cannot build a
/// tree deeper than `maximumDepth` (which would overflow the stack when it is freed or walked).
struct FastValueReader {
    private var reader: ByteReader
    private var objects: [FastValue] = []
    private var objectHeights: [Int] = []
    private var strings: [FastValue] = []
    private var stringHeights: [Int] = []
    private var classes: [(name: String, keys: [String])] = []
    private var depth = 0
    /// The deepest level the value being read reaches, aliased subtrees included.
    private var reach = 0
    private var stackSpace = StackSpace()
    private let maximumDepth: Int

    static func read(_ data: Data, maximumDepth: Int) throws(FastCodingError) -> FastValue {
        let result: Result<FastValue, FastCodingError> = data.withUnsafeBytes { buffer in
            do throws(FastCodingError) {
                var reader = ByteReader(buffer)
                _ = try FastCodingHeader.read(from: &reader)
                var parser = FastValueReader(reader: reader, maximumDepth: maximumDepth)
                return .success(try parser.readValue())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private init(reader: ByteReader, maximumDepth: Int) {
        self.reader = reader
        self.maximumDepth = maximumDepth
    }

    private func entry<T>(_ table: [T], _ index: Int, _ name: String, at offset: Int) throws(FastCodingError) -> T {
        guard index < table.count else {
            throw .indexOutOfRange(table: name, index: index, count: table.count, offset: offset)
        }
        return table[index]
    }

    /// An alias at the current depth to a cache entry of `height` levels: the levels it reaches.
    private mutating func reachThrough(height: Int, at offset: Int) throws(FastCodingError) {
        let aliasReach = depth - 1 + height
        guard aliasReach <= maximumDepth else { throw .nestingTooDeep(limit: maximumDepth, offset: offset) }
        reach = max(reach, aliasReach)
    }

    /// The height of the node being read at the current depth, from what it has reached so far.
    private var height: Int { reach - depth + 1 }

    private mutating func readValues(minimumSize: Int = 1) throws(FastCodingError) -> [FastValue] {
        let count = try reader.readCount(minimumSize: minimumSize, "an element count")
        var values: [FastValue] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try readValue()) }
        return values
    }

    private mutating func readEntries() throws(FastCodingError) -> [FastEntry] {
        let count = try reader.readCount(minimumSize: 2, "an entry count")
        var entries: [FastEntry] = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let value = try readValue()
            entries.append(FastEntry(key: try readValue(), value: value))
        }
        return entries
    }

    private mutating func readRanges() throws(FastCodingError) -> [FastIndexRange] {
        let count = try reader.readCount(minimumSize: 8, "a range count")
        var ranges: [FastIndexRange] = []
        ranges.reserveCapacity(count)
        for _ in 0..<count {
            let location = try reader.read(UInt32.self, "a range location")
            ranges.append(FastIndexRange(location: location, length: try reader.read(UInt32.self, "a range length")))
        }
        return ranges
    }

    /// Reads the doubles of a struct chunk of `type`, after its padding.
    private mutating func readDoubles(_ count: Int, of type: ChunkType) throws(FastCodingError) -> [Double] {
        try reader.align(StructChunk.payloadLayout(of: type)?.alignment ?? 8)
        var values: [Double] = []
        for _ in 0..<count { values.append(try reader.readFloat64()) }
        return values
    }

    /// A node with identity, whose object slot is taken before or after `read` runs as `type`'s
    /// rule says (``ChunkType/objectSlot``).
    private mutating func node(
        _ type: ChunkType,
        _ read: (inout FastValueReader) throws(FastCodingError) -> FastReference.Content
    ) throws(FastCodingError) -> FastValue {
        // Aliases read inside `read` (cycles) get this node; its content is replaced below.
        let node = FastReference(.array([], mutable: true))
        let slot = objects.count
        if type.objectSlot == .beforeContents {
            objects.append(.reference(node))
            // Until filled, an alias to the node is a back-reference to an ancestor: one level.
            objectHeights.append(1)
        }
        node.content = try read(&self)
        switch type.objectSlot {
        case .beforeContents:
            objectHeights[slot] = height
        case .afterContents:
            objects.append(.reference(node))
            objectHeights.append(height)
        case .none:
            break
        }
        return .reference(node)
    }

    mutating func readValue() throws(FastCodingError) -> FastValue {
        let start = reader.offset
        let code = try reader.readByte()
        guard let type = ChunkType(rawValue: code) else { throw .unknownChunkType(code: code, offset: start) }
        depth += 1
        let outerReach = reach
        reach = depth
        defer {
            depth -= 1
            reach = max(outerReach, reach)
        }
        guard depth <= maximumDepth else { throw .nestingTooDeep(limit: maximumDepth, offset: start) }
        if stackSpace.isRunningOut(atDepth: depth) {
            throw .stackExhausted(depth: depth, offset: start)
        }

        switch type {
        case .nil: return .absent
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .one: return .integer(1)
        case .zero: return .integer(0)
        case .int8: return .integer(Int64(try reader.read(Int8.self, "an int8")))
        case .int16: return .integer(Int64(try reader.readAligned(Int16.self, "an int16")))
        case .int32: return .integer(Int64(try reader.readAligned(Int32.self, "an int32")))
        case .int64: return .integer(try reader.readAligned(Int64.self, "an int64"))
        case .float32:
            try reader.align(4)
            return .float(try reader.readFloat32())
        case .float64:
            try reader.align(8)
            return .double(try reader.readFloat64())
        case .decimalNumber:
            try reader.align(NSDecimalLayout.size)
            return .decimal(try NSDecimalLayout.read(from: &reader))
        case .objectAlias8, .objectAlias16, .objectAlias32:
            let index = try reader.readIndex(code: code, first: .objectAlias8)
            let value = try entry(objects, index, "object", at: start)
            try reachThrough(height: objectHeights[index], at: start)
            return value
        case .stringAlias8, .stringAlias16, .stringAlias32:
            let index = try reader.readIndex(code: code, first: .stringAlias8)
            let value = try entry(strings, index, "string", at: start)
            try reachThrough(height: stringHeights[index], at: start)
            return value
        case .string:
            let value = FastValue.string(try reader.readRawString())
            strings.append(value)
            stringHeights.append(1)
            return value
        case .mutableString:
            return try node(type) { (parser) throws(FastCodingError) in
                .mutableString(try parser.reader.readRawString())
            }
        case .data, .mutableData:
            return try node(type) { (parser) throws(FastCodingError) in
                let length = try parser.reader.readAligned(UInt32.self, "a data length")
                let bytes = try parser.reader.readPaddedBytes(length: Int(length), "\(length) bytes of data")
                return .data(Data(bytes), mutable: type == .mutableData)
            }
        case .date, .legacyDate:
            return try node(type) { (parser) throws(FastCodingError) in
                try parser.reader.align(8)
                let seconds = try parser.reader.readFloat64("a date")
                let sinceReferenceDate =
                    type == .date ? seconds : seconds - Date.timeIntervalBetween1970AndReferenceDate
                guard let date = Date(archivedSecondsSinceReferenceDate: sinceReferenceDate) else {
                    throw .dateIsNotANumber(offset: parser.reader.offset - 8)
                }
                return .date(date)
            }
        case .array, .mutableArray:
            return try node(type) { (parser) throws(FastCodingError) in
                .array(try parser.readValues(), mutable: type == .mutableArray)
            }
        case .set, .mutableSet:
            return try node(type) { (parser) throws(FastCodingError) in
                .set(try parser.readValues(), mutable: type == .mutableSet)
            }
        case .orderedSet, .mutableOrderedSet:
            return try node(type) { (parser) throws(FastCodingError) in
                .orderedSet(try parser.readValues(), mutable: type == .mutableOrderedSet)
            }
        case .dictionary, .mutableDictionary:
            return try node(type) { (parser) throws(FastCodingError) in
                .dictionary(try parser.readEntries(), mutable: type == .mutableDictionary)
            }
        case .indexSet, .mutableIndexSet:
            return try node(type) { (parser) throws(FastCodingError) in
                .indexSet(try parser.readRanges(), mutable: type == .mutableIndexSet)
            }
        case .classDefinition:
            let name = try reader.readRawString("a class name")
            let keyCount = try reader.readCount(minimumSize: 1, "a property key count")
            var keys: [String] = []
            keys.reserveCapacity(keyCount)
            for _ in 0..<keyCount { keys.append(try reader.readRawString("a property key")) }
            classes.append((name, keys))
            // The definition's result is the chunk that follows it (the object).
            return try readValue()
        case .object8, .object16, .object32:
            let definition = try entry(classes, try reader.readIndex(code: code, first: .object8), "class", at: start)
            return try node(type) { (parser) throws(FastCodingError) in
                var properties: [FastProperty] = []
                properties.reserveCapacity(definition.keys.count)
                for key in definition.keys { properties.append(FastProperty(key, try parser.readValue())) }
                return .object(className: definition.name, properties: properties)
            }
        case .url:
            let relativeOffset = reader.offset
            guard case let .string(relative) = try readValue() else {
                throw .unexpectedChunk(.url, offset: relativeOffset, expected: "a string as the URL's relative part")
            }
            let baseOffset = reader.offset
            let base: FastValue?
            switch try readValue() {
            case .absent: base = nil
            case let .url(baseRelative, baseBase): base = .url(relative: baseRelative, base: baseBase)
            default: throw .unexpectedChunk(.url, offset: baseOffset, expected: "Nil or a URL as the URL's base")
            }
            let value = FastValue.url(relative: relative, base: base)
            strings.append(value)
            stringHeights.append(height)
            return value
        case .point, .size, .vector, .rect, .affineTransform, .transform3D, .range:
            let value = FastValue.structValue(try readStruct(type))
            // The original writer gives NSValues an object slot; reserving one keeps later aliases right (§15 #1).
            if type.objectSlot == .afterContents {
                objects.append(value)
                objectHeights.append(1)
            }
            return value
        case .codedObject:
            return try node(type) { (parser) throws(FastCodingError) in
                let nameOffset = parser.reader.offset
                guard case let .string(className) = try parser.readValue() else {
                    throw .unexpectedChunk(.codedObject, offset: nameOffset, expected: "a string class name")
                }
                var entries: [FastEntry] = []
                while true {
                    let value = try parser.readValue()
                    if case .absent = value { break }
                    entries.append(FastEntry(key: try parser.readValue(), value: value))
                }
                return .codedObject(className: className, entries: entries)
            }
        case .keyedArchive:
            return try node(type) { (parser) throws(FastCodingError) in
                // Read a full Data chunk after the type byte (§15 #3).
                let dataOffset = parser.reader.offset
                guard case let .reference(archive) = try parser.readValue(), case .data = archive.content else {
                    throw .unexpectedChunk(
                        .keyedArchive, offset: dataOffset, expected: "a Data chunk holding the archive")
                }
                return .keyedArchive(archive)
            }
        }
    }

    private mutating func readStruct(_ type: ChunkType) throws(FastCodingError) -> FastStructValue {
        switch type {
        case .point:
            let values = try readDoubles(2, of: .point)
            return .point(x: values[0], y: values[1])
        case .size:
            let values = try readDoubles(2, of: .size)
            return .size(width: values[0], height: values[1])
        case .vector:
            let values = try readDoubles(2, of: .vector)
            return .vector(dx: values[0], dy: values[1])
        case .rect:
            let values = try readDoubles(4, of: .rect)
            return .rect(x: values[0], y: values[1], width: values[2], height: values[3])
        case .range:
            let location = try reader.readAligned(UInt32.self, "a range location")
            return .range(location: location, length: try reader.read(UInt32.self, "a range length"))
        case .affineTransform:
            return .affineTransform(try readDoubles(6, of: .affineTransform))
        default:
            return .transform3D(try readDoubles(16, of: .transform3D))
        }
    }
}
