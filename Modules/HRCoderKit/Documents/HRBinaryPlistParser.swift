import CodingCore
import Foundation

/// Reads a binary property list (`bplist00`) into an ``HRValue`` tree.
///
/// Every offset, count and reference is checked against the input before use; objects
/// reached more than once are parsed once; nesting (and so any reference cycle) is limited
/// to `maximumDepth` levels. Depth counts the tree as built: an object reused at depth `d`
/// whose own containers nest `h` levels deep reaches `d + h`, so chains of reused objects
/// cannot build a tree deeper than the limit (which would overflow the stack when freed).
struct HRBinaryPlistParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let maximumDepth: Int
    private var stackSpace = StackSpace()
    private let trailer: BinaryPlistTrailer
    private var parsed: [HRValue?] = []
    /// How many values each parsed object stands for once shared sub-objects are counted at
    /// every place they appear; bounds "billion laughs" files whose objects reference each
    /// other over and over.
    private var weights: [Int] = []
    /// How many levels of containers each parsed object holds (0 for scalars).
    private var heights: [Int] = []
    /// The deepest container level the object being parsed reaches, reused objects included.
    private var reach = 0
    private var expansionLimit = 0
    /// Whether some dictionary has an `$alias` key.
    private var aliasKeyFound = false

    private init(bytes: UnsafeBufferPointer<UInt8>, trailer: BinaryPlistTrailer, maximumDepth: Int) {
        self.bytes = bytes
        self.trailer = trailer
        self.maximumDepth = maximumDepth
        parsed = Array(repeating: nil, count: trailer.objectCount)
        weights = Array(repeating: 1, count: trailer.objectCount)
        heights = Array(repeating: 0, count: trailer.objectCount)
    }

    /// Parses one complete binary property list.
    /// `aliasKeyFound` is set when some dictionary has an `$alias` key.
    static func parse(_ data: Data, maximumDepth: Int, expansionLimit: Int, aliasKeyFound: inout Bool) throws
        -> HRValue
    {
        try data.withUnsafeBytes { raw in
            let trailer = try readTrailer(raw)
            var parser = HRBinaryPlistParser(
                bytes: raw.bindMemory(to: UInt8.self), trailer: trailer, maximumDepth: maximumDepth)
            parser.expansionLimit = expansionLimit
            let value = try parser.object(trailer.topObject, depth: 0)
            aliasKeyFound = parser.aliasKeyFound
            return value
        }
    }

    private func failure(_ offset: Int, _ reason: String) -> HRCoderError {
        .invalidBinaryPlist(offset: offset, reason: reason)
    }

    private func readUnsigned(at offset: Int, width: Int) throws -> UInt64 {
        guard width >= 1, width <= 8, offset >= 0, offset <= bytes.count - width else {
            throw failure(offset, "truncated: \(width) bytes needed")
        }
        return BinaryPlistTrailer.bigEndian(UnsafeRawBufferPointer(bytes), at: offset, size: width)
    }

    private static func readTrailer(_ bytes: UnsafeRawBufferPointer) throws -> BinaryPlistTrailer {
        guard bytes.starts(with: "bplist0".utf8) else {
            throw HRCoderError.invalidBinaryPlist(offset: 0, reason: "missing the bplist0 header")
        }
        do {
            return try BinaryPlistTrailer(bytes)
        } catch {
            throw HRCoderError.invalidBinaryPlist(offset: error.offset, reason: error.reason)
        }
    }

    private mutating func object(_ reference: Int, depth: Int) throws -> HRValue {
        if reference >= 0, reference < parsed.count, let done = parsed[reference] {
            let reused = depth + heights[reference]
            guard reused <= maximumDepth else {
                throw HRCoderError.nestingTooDeep(limit: maximumDepth, offset: try objectOffset(reference))
            }
            reach = max(reach, reused)
            return done
        }
        let offset = try objectOffset(reference)
        let outerReach = reach
        reach = depth
        let (value, weight) = try parseObject(at: offset, depth: depth)
        heights[reference] = reach - depth
        reach = max(outerReach, reach)
        guard weight <= expansionLimit else {
            throw failure(
                offset,
                "object \(reference) expands to more than \(expansionLimit) values "
                    + "through shared references; raise maximumExpansion if the file is trusted")
        }
        parsed[reference] = value
        weights[reference] = weight
        return value
    }

    private mutating func child(_ reference: UInt64, depth: Int, weight: inout Int) throws -> HRValue {
        let index = Int(clamping: reference)
        let value = try object(index, depth: depth)
        let (sum, overflow) = weight.addingReportingOverflow(weights[index])
        weight = overflow ? Int.max : sum
        return value
    }

    /// The count stored in a marker's low nibble, or in the integer after it (low nibble 0xF),
    /// and the offset of the payload.
    private func count(at offset: Int, marker: UInt8) throws -> (Int, Int) {
        let low = Int(marker & 0x0F)
        if low != 0x0F { return (low, offset + 1) }
        let intMarker = Int(try readUnsigned(at: offset + 1, width: 1))
        guard intMarker & 0xF0 == 0x10, intMarker & 0x0F <= 3 else { throw failure(offset + 1, "invalid count marker") }
        let width = 1 << (intMarker & 0x0F)
        let value = try readUnsigned(at: offset + 2, width: width)
        guard value <= UInt64(bytes.count) else { throw failure(offset + 2, "count \(value) exceeds the file size") }
        return (Int(value), offset + 2 + width)
    }

    private func payload(at start: Int, length: Int, of what: String, from offset: Int) throws -> UnsafeBufferPointer<
        UInt8
    > {
        guard length >= 0, start <= trailer.offsetTableStart, length <= trailer.offsetTableStart - start else {
            throw failure(offset, "\(what) of \(length) bytes runs past the object area")
        }
        return UnsafeBufferPointer(rebasing: bytes[start..<(start + length)])
    }

    private mutating func parseObject(at offset: Int, depth: Int) throws -> (HRValue, Int) {
        let marker = UInt8(try readUnsigned(at: offset, width: 1))
        if marker >> 4 == 0xA || marker >> 4 == 0xD { return try parseContainer(marker, at: offset, depth: depth) }
        return (try parseScalar(marker, at: offset), 1)
    }

    /// A 16-byte integer: signed 128-bit, high word first (CoreFoundation writes `UInt64` values
    /// above `Int64.max` so, high word zero). `.integer` when it fits `Int64`.
    private func wideInteger(at offset: Int) throws -> HRValue {
        let digits = try payload(at: offset + 1, length: 16, of: "16-byte integer", from: offset)
        let high = digits[0..<8].reduce(0) { $0 << 8 | UInt64($1) }
        let low = digits[8..<16].reduce(0) { $0 << 8 | UInt64($1) }
        if high == 0 && low <= UInt64(Int64.max) || high == UInt64.max && low > UInt64(Int64.max) {
            return .integer(Int64(bitPattern: low))
        }
        let isNegative = high >> 63 == 1
        // A negative number's magnitude is its two's complement, ~n + 1.
        let (magnitudeLow, carry) = isNegative ? (~low).addingReportingOverflow(1) : (low, false)
        let magnitudeHigh = isNegative ? ~high &+ (carry ? 1 : 0) : high
        guard
            let number = HRWideInteger(isNegative: isNegative, magnitudeHigh: magnitudeHigh, magnitudeLow: magnitudeLow)
        else { throw failure(offset, "16-byte integer outside Int128") }
        return .wideInteger(number)
    }

    private func parseScalar(_ marker: UInt8, at offset: Int) throws -> HRValue {
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00: return .null
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            default: throw failure(offset, "unknown marker 0x\(String(marker, radix: 16))")
            }
        case 0x1:
            let power = Int(marker & 0x0F)
            guard power <= 4 else { throw failure(offset, "integer of 2^\(power) bytes") }
            if power == 4 {
                return try wideInteger(at: offset)
            }
            let raw = try readUnsigned(at: offset + 1, width: 1 << power)
            return .integer(power == 3 ? Int64(bitPattern: raw) : Int64(raw))
        case 0x2:
            switch marker & 0x0F {
            case 2: return .real(Double(Float(bitPattern: UInt32(try readUnsigned(at: offset + 1, width: 4)))))
            case 3: return .real(Double(bitPattern: try readUnsigned(at: offset + 1, width: 8)))
            default: throw failure(offset, "real of unsupported size")
            }
        case 0x3:
            guard marker == 0x33 else { throw failure(offset, "date of unsupported size") }
            let seconds = Double(bitPattern: try readUnsigned(at: offset + 1, width: 8))
            guard let date = Date(archivedSecondsSinceReferenceDate: seconds) else {
                throw failure(offset, "date whose seconds are not a number (NaN)")
            }
            return .date(date)
        case 0x4:
            let (length, start) = try count(at: offset, marker: marker)
            return .data(Data(try payload(at: start, length: length, of: "data", from: offset)))
        case 0x5:
            let (length, start) = try count(at: offset, marker: marker)
            let utf8 = try payload(at: start, length: length, of: "string", from: offset)
            if let invalid = UTF8Validation.firstInvalidOffset(utf8) {
                throw failure(start + invalid, "string bytes that are not valid UTF-8")
            }
            return .string(String(decoding: utf8, as: UTF8.self))
        case 0x6:
            let (units, start) = try count(at: offset, marker: marker)
            let raw = try payload(at: start, length: units * 2, of: "UTF-16 string", from: offset)
            let codeUnits = (0..<units).map { UInt16(raw[2 * $0]) << 8 | UInt16(raw[2 * $0 + 1]) }
            if let lone = UTF8Validation.firstLoneSurrogate(codeUnits) {
                throw failure(start + 2 * lone, "UTF-16 string with a lone surrogate")
            }
            return .string(String(decoding: codeUnits, as: UTF16.self))
        case 0x8:
            throw failure(offset, "UID objects belong to keyed archives, not HRCoder documents")
        default:
            throw failure(offset, "unsupported object marker 0x\(String(marker, radix: 16))")
        }
    }

    private mutating func parseContainer(_ marker: UInt8, at offset: Int, depth: Int) throws -> (HRValue, Int) {
        switch marker >> 4 {
        case 0xA:
            try checkDepth(depth + 1, at: offset)
            let (length, start) = try count(at: offset, marker: marker)
            var weight = 1
            _ = try payload(at: start, length: length * trailer.referenceSize, of: "array", from: offset)
            var items: [HRValue] = []
            items.reserveCapacity(length)
            for index in 0..<length {
                let reference = try readUnsigned(
                    at: start + index * trailer.referenceSize, width: trailer.referenceSize)
                items.append(try child(reference, depth: depth + 1, weight: &weight))
            }
            return (.array(items), weight)
        case 0xD:
            try checkDepth(depth + 1, at: offset)
            let (length, start) = try count(at: offset, marker: marker)
            var weight = 1
            _ = try payload(at: start, length: length * 2 * trailer.referenceSize, of: "dictionary", from: offset)
            var entries: [String: HRValue] = [:]
            entries.reserveCapacity(length)
            for index in 0..<length {
                let keyReference = try readUnsigned(
                    at: start + index * trailer.referenceSize, width: trailer.referenceSize)
                guard case let .string(key) = try child(keyReference, depth: depth + 1, weight: &weight) else {
                    throw failure(offset, "dictionary key \(index) is not a string")
                }
                if HRDictionaryBuilder.isAliasKey(key) { aliasKeyFound = true }
                let valueReference = try readUnsigned(
                    at: start + (length + index) * trailer.referenceSize, width: trailer.referenceSize)
                entries[key] = try child(valueReference, depth: depth + 1, weight: &weight)
            }
            return (.dictionary(entries), weight)
        default:
            throw failure(offset, "unsupported object marker 0x\(String(marker, radix: 16))")
        }
    }

    private mutating func checkDepth(_ depth: Int, at offset: Int) throws {
        if depth > maximumDepth { throw HRCoderError.nestingTooDeep(limit: maximumDepth, offset: offset) }
        if stackSpace.isRunningOut(atDepth: depth) {
            throw HRCoderError.stackExhausted(depth: depth, offset: offset)
        }
        reach = max(reach, depth)
    }

    /// Where object `reference` starts (checked against the object area).
    @inline(__always)
    private func objectOffset(_ reference: Int) throws -> Int {
        do {
            return try trailer.objectOffset(reference, in: UnsafeRawBufferPointer(bytes))
        } catch {
            throw failure(error.offset, error.reason)
        }
    }
}
