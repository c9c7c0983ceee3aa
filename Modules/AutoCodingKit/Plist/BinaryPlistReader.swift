import CodingCore
import Foundation

/// Reads a binary property list (`bplist00`) into a ``PlistDocument``, checking every offset,
/// count and object reference against the bytes that are really there.
///
/// Every object is read once, in table order, without recursion: containers keep their
/// children's indexes (runs of one pool, see ``PlistDocument``), so a hostile file can neither
/// nest deeply nor expand shared children here. Bytes that several objects claim (overlapping
/// offsets) are refused by a payload budget: the objects may not read more payload bytes in
/// total than the object area holds.
struct BinaryPlistReader {
    static let magic = Array("bplist00".utf8)
    private static let headerSize = BinaryPlistTrailer.headerSize
    /// The longest UTF-8 text a `String` stores without an allocation of its own.
    private static let inlineStringLength = 15

    private let bytes: UnsafeRawBufferPointer
    private var offsetTableStart = 0
    private var objectCount = 0
    private var referenceSize = 1
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

    /// A big-endian unsigned integer of `size` bytes at `offset` (checked by the caller).
    private func unsigned(at offset: Int, size: Int) -> UInt64 {
        BinaryPlistTrailer.bigEndian(bytes, at: offset, size: size)
    }

    mutating func read() throws -> PlistDocument {
        let trailer: BinaryPlistTrailer
        do {
            trailer = try BinaryPlistTrailer(bytes, maximumObjectCount: PlistDocument.maximumCount)
        } catch {
            throw fail(error.offset, error.reason)
        }
        referenceSize = trailer.referenceSize
        objectCount = trailer.objectCount
        offsetTableStart = trailer.offsetTableStart
        payloadBudget = offsetTableStart - Self.headerSize

        objects.reserveCapacity(objectCount)
        // Keyed archives hold about 2.4 references an object; reserving 3 (never more than the
        // object area can hold) spares growth copies, and stays small enough for the allocator
        // to reuse the block between decodes instead of mapping fresh pages each time.
        references.reserveCapacity(min(3 * objectCount, payloadBudget / referenceSize))
        for index in 0..<objectCount {
            objects.append(try readObject(at: try objectOffset(index, in: trailer)))
        }
        try checkPendingKeys(trailer)
        return PlistDocument(
            objects: objects, references: references, strings: strings, data: data, texts: texts, top: trailer.topObject
        )
    }

    /// Where object `index` starts, from the offset table `trailer` describes.
    @inline(__always)
    private func objectOffset(_ index: Int, in trailer: BinaryPlistTrailer) throws -> Int {
        do {
            return try trailer.objectOffset(index, in: bytes)
        } catch {
            throw fail(error.offset, error.reason)
        }
    }

    /// Checks that the keys of dictionaries read before their keys are strings.
    private func checkPendingKeys(_ trailer: BinaryPlistTrailer) throws {
        for index in pendingDictionaries {
            guard case .dictionary(let dictionary) = objects[index] else { continue }
            for position in dictionary.start..<dictionary.valuePosition(0) {
                let key = objects[Int(references[position])]
                guard PlistDocument.isString(key) else {
                    throw fail(
                        try objectOffset(index, in: trailer),
                        "a key of the dictionary is \(key.kindDescription), not a string")
                }
            }
        }
    }

    /// Takes `length` payload bytes starting at `start` from the object area, or throws.
    /// `what` is an autoclosure: the message is built only when the claim fails.
    @inline(__always)
    private mutating func claim(_ start: Int, _ length: Int, marker: Int, _ what: @autoclosure () -> String) throws {
        guard length >= 0, start <= offsetTableStart, length <= offsetTableStart - start else {
            throw fail(
                marker, "\(what()) of \(length) bytes does not fit before the offset table at \(offsetTableStart)")
        }
        guard length <= payloadBudget else {
            throw fail(marker, "objects overlap: \(what()) claims more bytes than the file holds")
        }
        payloadBudget -= length
    }

    /// The element count of the object whose marker is at `offset`, and where its payload starts.
    private func count(at offset: Int, marker: UInt8) throws -> (count: Int, start: Int) {
        let low = Int(marker & 0x0F)
        guard low == 0x0F else { return (low, offset + 1) }
        let intMarker = offset + 1
        guard intMarker < offsetTableStart, bytes[intMarker] & 0xF0 == 0x10, bytes[intMarker] & 0x0F <= 3 else {
            throw fail(offset, "invalid count marker after type byte 0x\(String(marker, radix: 16))")
        }
        let size = 1 << Int(bytes[intMarker] & 0x0F)
        guard intMarker + 1 + size <= offsetTableStart else {
            throw fail(intMarker, "count runs into the offset table")
        }
        let value = unsigned(at: intMarker + 1, size: size)
        guard value <= UInt64(offsetTableStart) else {
            throw fail(offset, "count \(value) cannot fit in the \(offsetTableStart - offset) bytes that remain")
        }
        return (Int(value), intMarker + 1 + size)
    }

    /// Claims and appends `count` references from `start` to the pool; returns where they begin.
    private mutating func appendReferences(
        at start: Int, count: Int, marker: Int, _ what: @autoclosure () -> String
    ) throws -> Int {
        let (length, overflow) = count.multipliedReportingOverflow(by: referenceSize)
        guard !overflow else { throw fail(marker, "count \(count) is too large") }
        try claim(start, length, marker: marker, what())
        let poolStart = references.count
        // Always true for the object areas of today's files (the pool holds at most one entry
        // per reference-sized run); checked because pool positions are 32-bit.
        guard count <= PlistDocument.maximumCount - poolStart else {
            throw fail(marker, "more than \(PlistDocument.maximumCount) object references in all")
        }
        var position = start
        for _ in 0..<count {
            references.append(UInt32(truncatingIfNeeded: try reference(at: position)))
            position += referenceSize
        }
        return poolStart
    }

    @inline(__always)
    private func reference(at position: Int) throws -> Int {
        let reference = unsigned(at: position, size: referenceSize)
        guard reference < UInt64(objectCount) else {
            throw fail(position, "object reference \(reference) is out of range (\(objectCount) objects)")
        }
        return Int(reference)
    }

    /// A string object for `text` (one string per object: the count stays below the object count).
    private mutating func appendString(_ text: String) -> PlistObject {
        strings.append(text)
        return .string(UInt32(truncatingIfNeeded: strings.count - 1))
    }

    private mutating func appendData(_ bytes: Data) -> PlistObject {
        data.append(bytes)
        return .data(UInt32(truncatingIfNeeded: data.count - 1))
    }

    private mutating func readObject(at offset: Int) throws -> PlistObject {
        let marker = bytes[offset]
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00: return .null
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            default: throw fail(offset, "unknown type byte 0x\(String(marker, radix: 16))")
            }
        case 0x1:
            guard low <= 4 else { throw fail(offset, "integer of 2^\(low) bytes is not supported") }
            let width = 1 << low
            try claim(offset + 1, width, marker: offset, "an integer")
            if width == 16 {
                let high = unsigned(at: offset + 1, size: 8)
                let value = unsigned(at: offset + 9, size: 8)
                if high == 0 {
                    return value <= UInt64(Int64.max) ? .integer(Int64(value), width: 16) : .unsignedInteger(value)
                }
                guard high == UInt64.max else { throw fail(offset, "128-bit integer does not fit 64 bits") }
                return .integer(Int64(bitPattern: value), width: 16)
            }
            let raw = unsigned(at: offset + 1, size: width)
            // 1, 2 and 4-byte integers are unsigned; 8-byte ones are signed.
            return .integer(width == 8 ? Int64(bitPattern: raw) : Int64(raw), width: UInt8(width))
        case 0x2:
            guard low == 2 || low == 3 else { throw fail(offset, "real of 2^\(low) bytes is not supported") }
            let width = 1 << low
            try claim(offset + 1, width, marker: offset, "a real")
            let raw = unsigned(at: offset + 1, size: width)
            let value = width == 4 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw)
            return .real(value, width: UInt8(width))
        case 0x3:
            guard marker == 0x33 else { throw fail(offset, "unknown type byte 0x\(String(marker, radix: 16))") }
            try claim(offset + 1, 8, marker: offset, "a date")
            let seconds = Double(bitPattern: unsigned(at: offset + 1, size: 8))
            guard Date(archivedSecondsSinceReferenceDate: seconds) != nil else {
                throw fail(offset, "date whose seconds are not a number (NaN)")
            }
            return .date(seconds)
        case 0x4:
            let (length, start) = try count(at: offset, marker: marker)
            try claim(start, length, marker: offset, "data")
            return appendData(Data(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + length)])))
        case 0x5:
            let (length, start) = try count(at: offset, marker: marker)
            try claim(start, length, marker: offset, "an ASCII string")
            let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + length)])
            guard ByteWord.isASCII(bytes.baseAddress.unsafelyUnwrapped + start, count: length) else {
                throw fail(offset, "ASCII string holds a non-ASCII byte")
            }
            // Strings that fit inline in a `String` are made now; longer ones when they are read.
            guard length > Self.inlineStringLength else {
                return appendString(String(decoding: slice, as: UTF8.self))
            }
            texts.append(PlistText(start: start, count: length))
            return .text(UInt32(truncatingIfNeeded: texts.count - 1))
        case 0x6:
            let (units, start) = try count(at: offset, marker: marker)
            let (length, overflow) = units.multipliedReportingOverflow(by: 2)
            guard !overflow else { throw fail(offset, "string length \(units) is too large") }
            try claim(start, length, marker: offset, "a UTF-16 string")
            var codeUnits: [UInt16] = []
            codeUnits.reserveCapacity(units)
            for index in 0..<units { codeUnits.append(UInt16(unsigned(at: start + 2 * index, size: 2))) }
            guard let string = String(validating: codeUnits, as: UTF16.self) else {
                throw fail(offset, "UTF-16 string is not valid UTF-16")
            }
            return appendString(string)
        case 0x7:
            let (length, start) = try count(at: offset, marker: marker)
            try claim(start, length, marker: offset, "a UTF-8 string")
            let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + length)])
            guard let string = String(validating: slice, as: UTF8.self) else {
                throw fail(offset, "UTF-8 string is not valid UTF-8")
            }
            return appendString(string)
        case 0x8:
            let width = low + 1
            try claim(offset + 1, width, marker: offset, "a UID")
            return .uid(unsigned(at: offset + 1, size: width))
        case 0xA:
            let (count, start) = try count(at: offset, marker: marker)
            let poolStart = try appendReferences(
                at: start, count: count, marker: offset, "a list of \(count) object references")
            return .array(PlistList(start: poolStart, count: count))
        case 0xC:
            let (count, start) = try count(at: offset, marker: marker)
            let poolStart = try appendReferences(
                at: start, count: count, marker: offset, "a list of \(count) object references")
            return .set(PlistList(start: poolStart, count: count))
        case 0xD:
            let (count, start) = try count(at: offset, marker: marker)
            let (doubled, overflow) = count.multipliedReportingOverflow(by: 2)
            guard !overflow else { throw fail(offset, "count \(count) is too large") }
            let poolStart = try appendReferences(
                at: start, count: doubled, marker: offset, "a dictionary of \(count) entries")
            // Keys already read (written before their dictionary) are checked at once, the
            // others once every object has been read (see `checkPendingKeys`).
            for position in poolStart..<(poolStart + count) {
                let key = Int(references[position])
                guard key < objects.count else {
                    pendingDictionaries.append(objects.count)
                    break
                }
                guard PlistDocument.isString(objects[key]) else {
                    throw fail(offset, "a key of the dictionary is \(objects[key].kindDescription), not a string")
                }
            }
            return .dictionary(PlistDictionary(start: poolStart, count: count))
        default:
            throw fail(offset, "unknown type byte 0x\(String(marker, radix: 16))")
        }
    }
}
