import Foundation

/// Writes a ``FastValue`` tree as FastCoding v3 bytes the way the original writer would.
///
/// Reference nodes are keyed by identity (one chunk, then aliases), immutable strings and URLs
/// by value; a node's object slot is taken before or after its contents as §4.2 prescribes.
struct FastValueWriter: ~Copyable {
    private let output = ByteWriter()
    private var objectSlots: [ObjectIdentifier: Int] = [:]
    private var objectCount = 0
    private var stringSlots: [String: Int] = [:]
    /// URLs by value: a URL is its relative string and the number of its base in ``urlNumbers``.
    private var urlNumbers: [URLKey: Int] = [:]
    /// The string slot of each URL number written so far.
    private var urlSlots: [Int: Int] = [:]
    private var stringCount = 0
    private var classSlots: [ClassKey: Int] = [:]
    private var classCount = 0
    private var path: [String] = []
    private let maximumDepth: Int

    /// A URL by value without holding its base chain: equal URLs have equal keys, and a key is
    /// as small as the URL's own string whatever the length of the chain of bases.
    private struct URLKey: Hashable {
        let relative: String
        /// The number of the base URL's key, or -1 without a base.
        let base: Int
    }

    private struct ClassKey: Hashable {
        let name: String
        let keys: [String]
    }

    static func write(_ value: FastValue, maximumDepth: Int) throws -> Data {
        var writer = FastValueWriter(maximumDepth: maximumDepth)
        FastCodingHeader.writePlaceholder(to: writer.output)
        try writer.write(value)
        FastCodingHeader(
            objectCount: UInt32(truncatingIfNeeded: writer.objectCount),
            classCount: UInt32(truncatingIfNeeded: writer.classCount),
            stringCount: UInt32(truncatingIfNeeded: writer.stringCount)
        ).patch(into: writer.output)
        return writer.output.withBytes { Data($0) }
    }

    private init(maximumDepth: Int) {
        self.maximumDepth = maximumDepth
    }

    private func invalid(_ message: String) -> EncodingError {
        EncodingError.invalidValue(
            path,
            EncodingError.Context(
                codingPath: path.map { ArchiveCodingKey(stringValue: $0) }, debugDescription: message))
    }

    private mutating func takeSlot(_ node: FastReference) {
        objectSlots[ObjectIdentifier(node)] = objectCount
        objectCount += 1
    }

    private mutating func writeRawString(_ string: String, _ what: String) throws {
        guard !string.utf8.contains(0) else {
            throw invalid("\(what) contains U+0000, which FastCoding cannot store (the original truncated it)")
        }
        output.writeRawString(string)
    }

    private mutating func writeCount(_ type: ChunkType, _ count: Int) throws {
        guard let count32 = UInt32(exactly: count) else {
            throw invalid("\(count) elements exceed FastCoding's 32-bit counts")
        }
        output.writeChunk(type, count32)
    }

    private mutating func write(_ values: [FastValue], as type: ChunkType) throws {
        try writeCount(type, values.count)
        for (index, value) in values.enumerated() {
            path.append(String(index))
            try write(value)
            path.removeLast()
        }
    }

    private mutating func write(_ entries: [FastEntry], as type: ChunkType) throws {
        try writeCount(type, entries.count)
        for (index, entry) in entries.enumerated() {
            path.append(String(index))
            try write(entry.value)
            try write(entry.key)
            path.removeLast()
        }
    }

    mutating func write(_ value: FastValue) throws {
        guard path.count < maximumDepth else { throw invalid("nesting deeper than \(maximumDepth) levels") }
        switch value {
        case .absent: output.writeByte(ChunkType.nil.rawValue)
        case .null: output.writeByte(ChunkType.null.rawValue)
        case let .bool(flag): output.writeByte((flag ? ChunkType.true : .false).rawValue)
        case let .integer(integer): IntegerChunk.write(integer, to: output)
        case let .float(float): output.writeChunk(.float32, float.bitPattern)
        case let .double(double): output.writeChunk(.float64, double.bitPattern)
        case let .decimal(decimal):
            output.writeByte(ChunkType.decimalNumber.rawValue)
            output.pad(NSDecimalLayout.size)
            NSDecimalLayout.write(decimal, to: output)
        case let .string(string):
            if let slot = stringSlots[string] {
                AliasChunk.write(.stringAlias8, slot, to: output)
            } else {
                output.writeByte(ChunkType.string.rawValue)
                try writeRawString(string, "a string")
                stringSlots[string] = stringCount
                stringCount += 1
            }
        case let .url(relative, base):
            let number = try urlNumber(relative, base)
            if let slot = urlSlots[number] {
                AliasChunk.write(.stringAlias8, slot, to: output)
                return
            }
            output.writeByte(ChunkType.url.rawValue)
            try write(.string(relative))
            path.append("base")
            try write(base ?? .absent)
            path.removeLast()
            urlSlots[number] = stringCount
            stringCount += 1
        case let .structValue(structValue):
            StructChunk.write(structValue, to: output)
            objectCount += 1
        case let .reference(node):
            try write(node)
        }
    }

    /// The number of a URL's value: walks its chain of bases (iteratively, at most as deep as
    /// the levels left), then numbers each URL of the chain from the outermost base inwards.
    private mutating func urlNumber(_ relative: String, _ base: FastValue?) throws -> Int {
        var chain = [relative]
        var next = base
        while let current = next {
            guard case let .url(baseRelative, baseBase) = current else {
                throw invalid("a URL's base must be another URL")
            }
            guard path.count + chain.count < maximumDepth else {
                throw invalid("a chain of URL bases deeper than \(maximumDepth) levels")
            }
            chain.append(baseRelative)
            next = baseBase
        }
        var number = -1
        for relative in chain.reversed() {
            let key = URLKey(relative: relative, base: number)
            if let known = urlNumbers[key] {
                number = known
            } else {
                number = urlNumbers.count
                urlNumbers[key] = number
            }
        }
        return number
    }

    private mutating func write(_ node: FastReference) throws {
        if let slot = objectSlots[ObjectIdentifier(node)] {
            AliasChunk.write(.objectAlias8, slot, to: output)
            return
        }
        switch node.content {
        case let .mutableString(string):
            output.writeByte(ChunkType.mutableString.rawValue)
            try writeRawString(string, "a mutable string")
            takeSlot(node)
        case let .data(data, mutable):
            guard data.count <= UInt32.max else { throw invalid("data longer than 4 GiB cannot be stored") }
            output.writeByte((mutable ? ChunkType.mutableData : .data).rawValue)
            data.withUnsafeBytes { output.writeDataPayload($0) }
            takeSlot(node)
        case let .date(date):
            output.writeChunk(.date, date.timeIntervalSinceReferenceDate.bitPattern)
            takeSlot(node)
        case let .array(values, mutable):
            try writeContainer(node, mutable ? .mutableArray : .array) { writer, type throws in
                try writer.write(values, as: type)
            }
        case let .set(values, mutable):
            try writeContainer(node, mutable ? .mutableSet : .set) { writer, type throws in
                try writer.write(values, as: type)
            }
        case let .orderedSet(values, mutable):
            try writeContainer(node, mutable ? .mutableOrderedSet : .orderedSet) { writer, type throws in
                try writer.write(values, as: type)
            }
        case let .dictionary(entries, mutable):
            try writeContainer(node, mutable ? .mutableDictionary : .dictionary) { writer, type throws in
                try writer.write(entries, as: type)
            }
        case let .indexSet(ranges, mutable):
            try writeContainer(node, mutable ? .mutableIndexSet : .indexSet) { writer, type throws in
                try writer.writeCount(type, ranges.count)
                for range in ranges {
                    writer.output.write(range.location)
                    writer.output.write(range.length)
                }
            }
        case let .object(className, properties):
            try writeObject(node, className, properties)
        case let .codedObject(className, entries):
            output.writeByte(ChunkType.codedObject.rawValue)
            try write(.string(className))
            for entry in entries {
                if case .absent = entry.value {
                    throw invalid("an NSCoded object's value cannot be Nil (it ends the list)")
                }
                try write(entry.value)
                try write(entry.key)
            }
            output.writeByte(ChunkType.nil.rawValue)
            takeSlot(node)
        case let .keyedArchive(archive):
            guard case .data = archive.content else { throw invalid("a keyed archive must hold a data node") }
            output.writeByte(ChunkType.keyedArchive.rawValue)
            try write(archive)
            takeSlot(node)
        }
    }

    /// Writes a container chunk of `type` with `body`, taking the node's object slot before or
    /// after its contents as `type`'s rule says (``ChunkType/objectSlot``).
    private mutating func writeContainer(
        _ node: FastReference, _ type: ChunkType,
        _ body: (inout FastValueWriter, ChunkType) throws -> Void
    ) throws {
        path.append("")
        defer { path.removeLast() }
        if type.objectSlot == .beforeContents { takeSlot(node) }
        try body(&self, type)
        if type.objectSlot == .afterContents { takeSlot(node) }
    }

    private mutating func writeObject(_ node: FastReference, _ className: String, _ properties: [FastProperty]) throws {
        let key = ClassKey(name: className, keys: properties.map(\.name))
        let classIndex: Int
        if let existing = classSlots[key] {
            classIndex = existing
        } else {
            output.writeByte(ChunkType.classDefinition.rawValue)
            try writeRawString(className, "a class name")
            output.writeAligned(UInt32(truncatingIfNeeded: properties.count))
            for property in properties { try writeRawString(property.name, "a property key") }
            classIndex = classCount
            classSlots[key] = classIndex
            classCount += 1
        }
        takeSlot(node)
        AliasChunk.write(.object8, classIndex, to: output)
        for property in properties {
            path.append(property.name)
            try write(property.value)
            path.removeLast()
        }
    }
}
