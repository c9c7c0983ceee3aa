import Foundation

/// Writes an ``HRValue`` tree as a binary property list (`bplist00`), through CodingCore's
/// ``BinaryPlistWriter``.
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
        let data = writer.serialize(top: top)
        if writer.integerTooLarge, let path = pathOfTooLargeInteger(in: value) {
            throw HRCoderError.unrepresentable(
                path: HRKeyPath.description(path.components),
                reason:
                    "\(path.number) (UInt128) is above Int128.max, and a binary property list's integers are "
                    + "signed 128-bit; write it as XML or JSON, or as a string")
        }
        guard let data else {
            throw HRCoderError.unrepresentable(
                path: HRKeyPath.description([]), reason: "memory ran out while writing the binary property list")
        }
        return data
    }

    /// The first integer above `Int128.max` in `value` (in the order keys are written), and its
    /// key path.
    private static func pathOfTooLargeInteger(in value: HRValue) -> (components: [String], number: HRWideInteger)? {
        switch value {
        case let .wideInteger(number):
            return number.fitsSixteenBytes ? nil : ([], number)
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

    private mutating func serialize(top: Int) -> Data? {
        var plist = BinaryPlistWriter(
            referenceSize: BinaryPlistWriter.width(toHold: UInt64(objects.count)), capacity: objects.count * 16)
        for object in objects {
            switch object {
            case let .scalar(value): _ = write(value, to: &plist)
            case let .array(children): _ = plist.array(children)
            case let .dictionary(keys, values): _ = plist.dictionary(keys: keys, values: values)
            }
        }
        return plist.finish(top: top)
    }

    /// A 16-byte integer: the number in two's complement, high word first.
    private mutating func wideInteger(_ number: HRWideInteger, to plist: inout BinaryPlistWriter) -> Int {
        if !number.fitsSixteenBytes { integerTooLarge = true }
        let (high, low) = number.twosComplement
        return plist.sixteenByteInteger(high: high, low: low)
    }

    private mutating func write(_ value: HRValue, to plist: inout BinaryPlistWriter) -> Int {
        switch value {
        case let .bool(flag): return plist.bool(flag)
        case let .integer(number): return plist.integer(number)
        case let .wideInteger(number): return wideInteger(number, to: &plist)
        case let .real(number): return plist.real(number)
        case let .date(date): return plist.date(date.timeIntervalSinceReferenceDate)
        case let .data(data): return plist.data(data)
        case let .string(text):
            var contiguous = text
            return contiguous.withUTF8 { utf8 in
                let isASCII = utf8.baseAddress.map { ByteWord.isASCII(UnsafeRawPointer($0), count: utf8.count) } ?? true
                if isASCII { return plist.asciiString(utf8) }
                return BinaryPlistWriter.bigEndianUnits(of: text).withUnsafeBufferPointer {
                    plist.utf16String(bigEndianUnits: $0)
                }
            }
        case .null, .array, .dictionary:
            // Containers and null never reach here (see `add`); keep the file valid regardless.
            return plist.null()
        }
    }
}
