import CodingCore
import Foundation

/// Builds a ``PlistDocument`` from a binary property list (`bplist00`).
///
/// ``BinaryPlistScanner`` (CodingCore) reads each object, checking every offset, count and
/// object reference against the bytes that are really there; this builder keeps them in flat
/// tables.
/// Every object is read once, in table order, without recursion: containers keep their
/// children's indexes (runs of one pool, see ``PlistDocument``), so a hostile file can neither
/// nest deeply nor expand shared children here. Bytes that several objects claim (overlapping
/// offsets) are refused by a budget: the objects may not span more bytes in total than the
/// object area holds.
struct PlistDocumentBinaryBuilder {
    /// The longest UTF-8 text a `String` stores without an allocation of its own.
    private static let inlineStringLength = 15

    private let bytes: UnsafeRawBufferPointer
    private var payloadBudget = 0
    private var objects: [PlistObject] = []
    /// Every container's object references, in table order (see ``PlistDocument/references``).
    private var references: [UInt32] = []
    private var strings: [String] = []
    private var data: [Data] = []
    private var texts: [PlistText] = []
    /// Dictionaries whose keys come later in the table: their keys are checked at the end.
    private var pendingDictionaries: [Int] = []

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    private func fail(_ offset: Int, _ reason: String) -> KeyedArchiveError {
        .malformedBinaryPlist(offset: offset, reason: reason)
    }

    mutating func build() throws -> PlistDocument {
        do {
            return try buildDocument()
        } catch {
            throw fail(error.offset, error.reason)
        }
    }

    private mutating func buildDocument() throws(PlistFault) -> PlistDocument {
        let scanner = try BinaryPlistScanner(bytes, maximumObjectCount: PlistDocument.maximumCount)
        let trailer = scanner.trailer
        payloadBudget = trailer.offsetTableStart - BinaryPlistTrailer.headerSize
        objects.reserveCapacity(trailer.objectCount)
        // Keyed archives hold about 2.4 references an object; reserving 3 (never more than the
        // object area can hold) spares growth copies, and stays small enough for the allocator
        // to reuse the block between decodes instead of mapping fresh pages each time.
        references.reserveCapacity(min(3 * trailer.objectCount, payloadBudget / trailer.referenceSize))
        for index in 0..<trailer.objectCount {
            objects.append(try readObject(at: try scanner.offset(ofObject: index), scanner))
        }
        try checkPendingKeys(scanner)
        return PlistDocument(
            objects: objects, references: references, strings: strings, data: data, texts: texts, top: trailer.topObject
        )
    }

    /// Checks that the keys of dictionaries read before their keys are strings.
    private func checkPendingKeys(_ scanner: BinaryPlistScanner) throws(PlistFault) {
        for index in pendingDictionaries {
            guard case .dictionary(let dictionary) = objects[index] else { continue }
            for position in dictionary.start..<dictionary.valuePosition(0) {
                let key = objects[Int(references[position])]
                guard PlistDocument.isString(key) else {
                    throw nonStringKey(key, at: try scanner.offset(ofObject: index))
                }
            }
        }
    }

    private func nonStringKey(_ key: PlistObject, at offset: Int) -> PlistFault {
        PlistFault(offset: offset, reason: "a key of the dictionary is \(key.kindDescription), not a string")
    }

    /// Appends the `count` references from byte `start` to the pool; returns where they begin.
    private mutating func appendReferences(
        at start: Int, count: Int, _ scanner: BinaryPlistScanner
    ) throws(PlistFault) -> Int {
        let poolStart = references.count
        // Always true for the object areas of today's files (the pool holds at most one entry
        // per reference-sized run); checked because pool positions are 32-bit.
        guard count <= PlistDocument.maximumCount - poolStart else {
            throw PlistFault(
                offset: start, reason: "more than \(PlistDocument.maximumCount) object references in all")
        }
        var position = start
        for _ in 0..<count {
            references.append(UInt32(truncatingIfNeeded: try scanner.reference(at: position)))
            position += scanner.trailer.referenceSize
        }
        return poolStart
    }

    /// A string object for `text` (one string per object: the count stays below the object count).
    private mutating func appendString(_ text: String) -> PlistObject {
        strings.append(text)
        return .string(UInt32(truncatingIfNeeded: strings.count - 1))
    }

    private mutating func readObject(at offset: Int, _ scanner: BinaryPlistScanner) throws(PlistFault)
        -> PlistObject
    {
        let (object, end) = try scanner.object(at: offset)
        // Objects may not share bytes: all of them together fit in the object area.
        guard end - offset <= payloadBudget else {
            throw PlistFault(offset: offset, reason: "objects overlap: this one claims bytes another holds")
        }
        payloadBudget -= end - offset
        switch object {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .integer(let value, let width): return .integer(value, width: UInt8(width))
        case .wideInteger(let high, let low):
            guard high == 0 else {
                throw PlistFault(offset: offset, reason: "128-bit integer does not fit 64 bits")
            }
            return .unsignedInteger(low)
        case .real(let value, let width): return .real(value, width: UInt8(width))
        case .date(let seconds): return .date(seconds)
        case .data(let range):
            data.append(Data(UnsafeRawBufferPointer(rebasing: bytes[range])))
            return .data(UInt32(truncatingIfNeeded: data.count - 1))
        case .asciiString(let range):
            guard scanner.isASCII(range) else {
                throw PlistFault(offset: offset, reason: "ASCII string holds a non-ASCII byte")
            }
            // Strings that fit inline in a `String` are made now; longer ones when they are read.
            guard range.count > Self.inlineStringLength else {
                return appendString(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self))
            }
            texts.append(PlistText(start: range.lowerBound, count: range.count))
            return .text(UInt32(truncatingIfNeeded: texts.count - 1))
        case .utf16String(let range): return appendString(try scanner.utf16Text(range))
        case .utf8String(let range): return appendString(try scanner.utf8Text(range))
        case .uid(let value): return .uid(value)
        case .array(let start, let count):
            return .array(PlistList(start: try appendReferences(at: start, count: count, scanner), count: count))
        case .set(let start, let count):
            return .set(PlistList(start: try appendReferences(at: start, count: count, scanner), count: count))
        case .dictionary(let start, let count):
            let poolStart = try appendReferences(at: start, count: 2 * count, scanner)
            // Keys already read (written before their dictionary) are checked at once, the
            // others once every object has been read (see `checkPendingKeys`).
            for position in poolStart..<(poolStart + count) {
                let key = Int(references[position])
                guard key < objects.count else {
                    pendingDictionaries.append(objects.count)
                    break
                }
                guard PlistDocument.isString(objects[key]) else { throw nonStringKey(objects[key], at: offset) }
            }
            return .dictionary(PlistDictionary(start: poolStart, count: count))
        }
    }
}
