import Foundation

/// Writes binary property-list objects straight into a byte buffer, one after the other.
///
/// Each write returns the new object's reference (its position in the offset table). A
/// container is written after its children, from their references. References are always
/// 4 bytes wide, so nothing has to be known about the final object count until
/// ``finish(top:)`` appends the offset table and the trailer.
struct BinaryPlistWriter {
    static let referenceSize = 4

    /// The output (a reference: copies of a writer share it, so a writer is used in one place).
    private let bytes: PlistByteBuffer
    private(set) var offsets: [Int] = []

    init(capacity: Int = 4096) {
        bytes = PlistByteBuffer(capacity: capacity)
        bytes.append(contentsOf: BinaryPlistReader.magic)
        offsets.reserveCapacity(capacity / 8)
    }

    @inline(__always)
    private mutating func begin() -> Int {
        offsets.append(bytes.count)
        return offsets.count - 1
    }

    @inline(__always)
    private mutating func appendBigEndian(_ value: UInt64, size: Int) {
        var shift = (size - 1) * 8
        while shift >= 0 {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            shift -= 8
        }
    }

    @inline(__always)
    private mutating func appendMarker(_ type: UInt8, count: Int) {
        if count < 15 {
            bytes.append(type << 4 | UInt8(count))
            return
        }
        bytes.append(type << 4 | 0x0F)
        switch count {
        case ...0xFF:
            bytes.append(0x10)
            bytes.append(UInt8(count))
        case ...0xFFFF:
            bytes.append(0x11)
            appendBigEndian(UInt64(count), size: 2)
        case ...0xFFFF_FFFF:
            bytes.append(0x12)
            appendBigEndian(UInt64(count), size: 4)
        default:
            bytes.append(0x13)
            appendBigEndian(UInt64(count), size: 8)
        }
    }

    mutating func bool(_ value: Bool) -> Int {
        let reference = begin()
        bytes.append(value ? 0x09 : 0x08)
        return reference
    }

    mutating func integer(_ value: Int64) -> Int {
        let reference = begin()
        switch value {
        case 0...0xFF:
            bytes.append(0x10)
            bytes.append(UInt8(value))
        case 0...0xFFFF:
            bytes.append(0x11)
            appendBigEndian(UInt64(value), size: 2)
        case 0...0xFFFF_FFFF:
            bytes.append(0x12)
            appendBigEndian(UInt64(value), size: 4)
        default:
            bytes.append(0x13)
            appendBigEndian(UInt64(bitPattern: value), size: 8)
        }
        return reference
    }

    mutating func unsignedInteger(_ value: UInt64) -> Int {
        guard value > UInt64(Int64.max) else { return integer(Int64(value)) }
        let reference = begin()
        bytes.append(0x14)
        appendBigEndian(0, size: 8)
        appendBigEndian(value, size: 8)
        return reference
    }

    mutating func real(_ value: Double) -> Int {
        let reference = begin()
        bytes.append(0x23)
        appendBigEndian(value.bitPattern, size: 8)
        return reference
    }

    mutating func float(_ value: Float) -> Int {
        let reference = begin()
        bytes.append(0x22)
        appendBigEndian(UInt64(value.bitPattern), size: 4)
        return reference
    }

    mutating func date(_ secondsSinceReferenceDate: Double) -> Int {
        let reference = begin()
        bytes.append(0x33)
        appendBigEndian(secondsSinceReferenceDate.bitPattern, size: 8)
        return reference
    }

    mutating func data(_ value: Data) -> Int {
        let reference = begin()
        appendMarker(0x4, count: value.count)
        bytes.append(contentsOf: value)
        return reference
    }

    /// An ASCII string (0x5, one byte per character) from its bytes, all below 0x80.
    @inline(__always)
    mutating func asciiString(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        let reference = begin()
        appendMarker(0x5, count: utf8.count)
        bytes.append(contentsOf: UnsafeRawBufferPointer(utf8))
        return reference
    }

    /// A UTF-16 string (0x6) from its code units, two big-endian bytes each.
    mutating func utf16String(bigEndianUnits: UnsafeBufferPointer<UInt8>) -> Int {
        let reference = begin()
        appendMarker(0x6, count: bigEndianUnits.count / 2)
        bytes.append(contentsOf: UnsafeRawBufferPointer(bigEndianUnits))
        return reference
    }

    /// The number of bytes written so far.
    var byteCount: Int { bytes.count }

    /// Where the bytes written so far start (they move as the output grows), or `nil` once
    /// memory has run out.
    var writtenBytes: UnsafeRawPointer? { bytes.start }

    mutating func uid(_ value: UInt64) -> Int {
        let reference = begin()
        switch value {
        case ...0xFF:
            bytes.append(0x80)
            bytes.append(UInt8(value))
        case ...0xFFFF:
            bytes.append(0x81)
            appendBigEndian(value, size: 2)
        default:
            bytes.append(0x83)
            appendBigEndian(value, size: 4)
        }
        return reference
    }

    mutating func array(_ references: [Int]) -> Int {
        let reference = begin()
        appendMarker(0xA, count: references.count)
        for item in references { appendBigEndian(UInt64(item), size: Self.referenceSize) }
        return reference
    }

    mutating func dictionary(keys: [Int], values: [Int]) -> Int {
        let reference = begin()
        appendMarker(0xD, count: keys.count)
        for key in keys { appendBigEndian(UInt64(key), size: Self.referenceSize) }
        for value in values { appendBigEndian(UInt64(value), size: Self.referenceSize) }
        return reference
    }

    /// Appends the offset table and trailer; `top` is the top object's reference.
    mutating func finish(top: Int) throws -> Data {
        guard offsets.count <= Int(UInt32.max) else {
            throw KeyedArchiveError.tooLarge(
                reason: "\(offsets.count) property-list objects need references wider than 4 bytes")
        }
        let tableOffset = bytes.count
        let offsetSize = tableOffset <= 0xFF ? 1 : tableOffset <= 0xFFFF ? 2 : tableOffset <= 0xFFFF_FFFF ? 4 : 8
        for offset in offsets { appendBigEndian(UInt64(offset), size: offsetSize) }
        bytes.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(Self.referenceSize)])
        appendBigEndian(UInt64(offsets.count), size: 8)
        appendBigEndian(UInt64(top), size: 8)
        appendBigEndian(UInt64(tableOffset), size: 8)
        guard let data = bytes.take() else {
            throw KeyedArchiveError.tooLarge(reason: "memory ran out after \(bytes.count) bytes of output")
        }
        return data
    }
}
