import Foundation

/// Writes an ``HRValue`` tree as a binary property list (`bplist00`).
///
/// Strings with the same UTF-8 bytes (dictionary keys above all) are stored once; strings that
/// are only `==` (equal up to Unicode normalization) stay apart. Dictionary keys are written
/// sorted so the output is deterministic; JSON `null` becomes `{"$class":"NSNull"}`. Integers
/// outside `Int64` are 16-byte integers (signed 128-bit, as CoreFoundation writes `UInt64`
/// values above `Int64.max`); a `UInt128` above `Int128.max` cannot be written.
struct HRBinaryPlistWriter {
    private enum Object {
        case scalar(HRValue)
        case array([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    private var objects: [Object] = []
    private var stringReferences: [UTF8StringKey: Int] = [:]
    private var bytes: [UInt8] = []
    /// Whether an integer above `Int128.max` was met (its place is found after the write).
    private var integerTooLarge = false

    /// The complete binary property list for `value`.
    ///
    /// - Throws: ``HRCoderError/unrepresentable(path:reason:)`` for an integer above
    ///   `Int128.max`, naming its key path.
    static func data(for value: HRValue) throws -> Data {
        var writer = HRBinaryPlistWriter()
        // Room for a small archive's objects and strings from the start: growing from empty
        // reallocates (and rehashes the strings) several times, a large share of a small write.
        writer.objects.reserveCapacity(16)
        writer.stringReferences.reserveCapacity(16)
        let top = writer.add(value)
        let bytes = writer.serialize(top: top)
        if writer.integerTooLarge, let path = pathOfTooLargeInteger(in: value) {
            throw HRCoderError.unrepresentable(
                path: HRKeyPath.description(path.components),
                reason:
                    "\(path.number) (UInt128) is above Int128.max, and a binary property list's integers are "
                    + "signed 128-bit; write it as XML or JSON, or as a string")
        }
        return Data(bytes)
    }

    /// The first integer above `Int128.max` in `value` (in the order keys are written), and its
    /// key path.
    private static func pathOfTooLargeInteger(in value: HRValue) -> (components: [String], number: HRWideInteger)? {
        switch value {
        case let .wideInteger(number):
            return !number.isNegative && number.magnitudeHigh > UInt64(Int64.max) ? ([], number) : nil
        case let .array(items):
            for (index, item) in items.enumerated() {
                if let found = pathOfTooLargeInteger(in: item) {
                    return ([String(index)] + found.components, found.number)
                }
            }
            return nil
        case let .dictionary(entries):
            for (key, item) in entries.sorted(by: { $0.key < $1.key }) {
                if let found = pathOfTooLargeInteger(in: item) { return ([key] + found.components, found.number) }
            }
            return nil
        default:
            return nil
        }
    }

    private mutating func add(_ value: HRValue) -> Int {
        switch value {
        case let .string(text):
            // Short strings (keys above all) repeat; hashing long texts to find a rare twin does not pay.
            guard text.utf8.count <= 64 else { break }
            let key = UTF8StringKey(text)
            if let existing = stringReferences[key] { return existing }
            objects.append(.scalar(value))
            stringReferences[key] = objects.count - 1
            return objects.count - 1
        case let .array(items):
            let reference = objects.count
            objects.append(.array([]))
            let children = items.map { add($0) }
            objects[reference] = .array(children)
            return reference
        case let .dictionary(entries):
            let reference = objects.count
            objects.append(.array([]))
            let sorted = entries.sorted { $0.key < $1.key }
            let keyReferences = sorted.map { add(.string($0.key)) }
            let valueReferences = sorted.map { add($0.value) }
            objects[reference] = .dictionary(keys: keyReferences, values: valueReferences)
            return reference
        case .null:
            return add(HRValue.taggedNull)
        default:
            break
        }
        objects.append(.scalar(value))
        return objects.count - 1
    }

    private mutating func serialize(top: Int) -> [UInt8] {
        let referenceSize = Self.byteWidth(UInt64(objects.count))
        bytes.reserveCapacity(objects.count * 16)
        bytes.append(contentsOf: "bplist00".utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for object in objects {
            offsets.append(bytes.count)
            switch object {
            case let .scalar(value): writeScalar(value)
            case let .array(children):
                writeMarker(0xA0, count: children.count)
                appendBigEndian(children, width: referenceSize)
            case let .dictionary(keys, values):
                writeMarker(0xD0, count: keys.count)
                appendBigEndian(keys, width: referenceSize)
                appendBigEndian(values, width: referenceSize)
            }
        }
        let offsetTableOffset = bytes.count
        let offsetSize = Self.byteWidth(UInt64(offsetTableOffset))
        appendBigEndian(offsets, width: offsetSize)
        bytes.append(contentsOf: repeatElement(0, count: 6))
        bytes.append(UInt8(offsetSize))
        bytes.append(UInt8(referenceSize))
        appendBigEndian(UInt64(objects.count), width: 8)
        appendBigEndian(UInt64(top), width: 8)
        appendBigEndian(UInt64(offsetTableOffset), width: 8)
        return bytes
    }

    private static func byteWidth(_ value: UInt64) -> Int {
        value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }

    private mutating func appendBigEndian(_ value: UInt64, width: Int) {
        for shift in stride(from: (width - 1) * 8, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    /// Each of `numbers` (references or offsets, all below 2^(8 × `width`)) in `width` bytes, most
    /// significant first: the tables that make up most of a large archive, written in one pass.
    private mutating func appendBigEndian(_ numbers: [Int], width: Int) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: numbers.count * width))
        bytes.withUnsafeMutableBytes { table in
            var position = start
            for number in numbers {
                // `table` holds `numbers.count * width` bytes from `start`, appended just above.
                switch width {
                case 1: table[position] = UInt8(truncatingIfNeeded: number)
                case 2:
                    table.storeBytes(
                        of: UInt16(truncatingIfNeeded: number).bigEndian, toByteOffset: position, as: UInt16.self)
                case 4:
                    table.storeBytes(
                        of: UInt32(truncatingIfNeeded: number).bigEndian, toByteOffset: position, as: UInt32.self)
                default:
                    table.storeBytes(
                        of: UInt64(truncatingIfNeeded: number).bigEndian, toByteOffset: position, as: UInt64.self)
                }
                position += width
            }
        }
    }

    private mutating func writeMarker(_ marker: UInt8, count: Int) {
        if count < 15 {
            bytes.append(marker | UInt8(count))
        } else {
            bytes.append(marker | 0x0F)
            writeInteger(Int64(count))
        }
    }

    private mutating func writeInteger(_ value: Int64) {
        if value < 0 {
            bytes.append(0x13)
            appendBigEndian(UInt64(bitPattern: value), width: 8)
            return
        }
        let width = Self.byteWidth(UInt64(value))
        bytes.append(0x10 | UInt8(width.trailingZeroBitCount))
        appendBigEndian(UInt64(value), width: width)
    }

    /// A 16-byte integer: the number in two's complement, high word first.
    private mutating func writeWideInteger(_ number: HRWideInteger) {
        var high = number.magnitudeHigh
        var low = number.magnitudeLow
        if number.isNegative {
            let (negatedLow, carry) = (~low).addingReportingOverflow(1)
            low = negatedLow
            high = ~high &+ (carry ? 1 : 0)
        } else if high > UInt64(Int64.max) {
            integerTooLarge = true
        }
        bytes.append(0x14)
        appendBigEndian(high, width: 8)
        appendBigEndian(low, width: 8)
    }

    private mutating func writeScalar(_ value: HRValue) {
        switch value {
        case let .bool(flag): bytes.append(flag ? 0x09 : 0x08)
        case let .integer(number): writeInteger(number)
        case let .wideInteger(number): writeWideInteger(number)
        case let .real(number):
            bytes.append(0x23)
            appendBigEndian(number.bitPattern, width: 8)
        case let .date(date):
            bytes.append(0x33)
            appendBigEndian(date.timeIntervalSinceReferenceDate.bitPattern, width: 8)
        case let .data(data):
            writeMarker(0x40, count: data.count)
            bytes.append(contentsOf: data)
        case let .string(text):
            var text = text
            let isASCII = text.withUTF8 { $0.allSatisfy { $0 < 0x80 } }
            if isASCII {
                writeMarker(0x50, count: text.utf8.count)
                bytes.append(contentsOf: text.utf8)
            } else {
                let units = Array(text.utf16)
                writeMarker(0x60, count: units.count)
                for unit in units { appendBigEndian(UInt64(unit), width: 2) }
            }
        case .null, .array, .dictionary:
            // Containers and null never reach here (see `add`); keep the file valid regardless.
            bytes.append(0x00)
        }
    }
}
