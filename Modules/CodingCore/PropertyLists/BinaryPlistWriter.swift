import Foundation

/// Writes binary property-list objects straight into a byte buffer, one after the other: the
/// one binary plist writer of the suite (keyed archives stream into it, HRCoder writes its
/// trees through it).
///
/// Each write returns the new object's reference (its position in the offset table). A
/// container is written after its children, from their references. References have the width
/// given at the start, so nothing has to be known about the final object count until
/// ``finish(top:)`` appends the offset table and the trailer. Integers and counts take the
/// fewest bytes that hold them, as CoreFoundation writes them.
@usableFromInline package struct BinaryPlistWriter {
    /// The width of every object reference, 1 to 8 bytes.
    @usableFromInline package let referenceSize: Int
    /// The output (a reference: copies of a writer share it, so a writer is used in one place).
    @usableFromInline let bytes: PlistByteBuffer
    /// Where each object starts, in the order written.
    @usableFromInline package internal(set) var offsets: [Int] = []

    /// A writer whose references are `referenceSize` bytes wide (enough for every object it
    /// will write), with room for `capacity` bytes to start with.
    package init(referenceSize: Int = 4, capacity: Int = 4096) {
        self.referenceSize = referenceSize
        bytes = PlistByteBuffer(capacity: capacity)
        bytes.append(contentsOf: "bplist00".utf8)
        offsets.reserveCapacity(capacity / 8)
    }

    /// The number of bytes written so far.
    @inlinable package var byteCount: Int { bytes.count }

    /// Where the bytes written so far start (they move as the output grows), or `nil` once
    /// memory has run out.
    package var writtenBytes: UnsafeRawPointer? { bytes.start }

    @inlinable @inline(__always)
    mutating func begin() -> Int {
        offsets.append(bytes.count)
        return offsets.count - 1
    }

    @inlinable @inline(__always)
    func appendBigEndian(_ value: UInt64, size: Int) {
        var shift = (size - 1) * 8
        while shift >= 0 {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            shift -= 8
        }
    }

    /// A marker of `type` (its high nibble) and `count`: in the low nibble below 15, else in the
    /// integer that follows.
    @inlinable @inline(__always)
    func appendMarker(_ type: UInt8, count: Int) {
        if count < 15 {
            bytes.append(type << 4 | UInt8(count))
            return
        }
        bytes.append(type << 4 | 0x0F)
        appendInteger(Int64(count))
    }

    /// An integer object's bytes: non-negative values in 1, 2, 4 or 8 bytes, negative ones in 8.
    @inlinable @inline(__always)
    func appendInteger(_ value: Int64) {
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
    }

    /// The binary plist's `null` (0x00).
    package mutating func null() -> Int {
        let reference = begin()
        bytes.append(0x00)
        return reference
    }

    @inlinable
    package mutating func bool(_ value: Bool) -> Int {
        let reference = begin()
        bytes.append(value ? 0x09 : 0x08)
        return reference
    }

    @inlinable
    package mutating func integer(_ value: Int64) -> Int {
        let reference = begin()
        appendInteger(value)
        return reference
    }

    /// A 16-byte integer: a signed 128-bit number in two's complement, high word first (how
    /// CoreFoundation writes `UInt64` values above `Int64.max`, with a zero high word).
    package mutating func sixteenByteInteger(high: UInt64, low: UInt64) -> Int {
        let reference = begin()
        bytes.append(0x14)
        appendBigEndian(high, size: 8)
        appendBigEndian(low, size: 8)
        return reference
    }

    /// `value`, in 16 bytes when it is above `Int64.max`.
    package mutating func unsignedInteger(_ value: UInt64) -> Int {
        guard value > UInt64(Int64.max) else { return integer(Int64(value)) }
        return sixteenByteInteger(high: 0, low: value)
    }

    @inlinable
    package mutating func real(_ value: Double) -> Int {
        let reference = begin()
        bytes.append(0x23)
        appendBigEndian(value.bitPattern, size: 8)
        return reference
    }

    package mutating func float(_ value: Float) -> Int {
        let reference = begin()
        bytes.append(0x22)
        appendBigEndian(UInt64(value.bitPattern), size: 4)
        return reference
    }

    @inlinable
    package mutating func date(_ secondsSinceReferenceDate: Double) -> Int {
        let reference = begin()
        bytes.append(0x33)
        appendBigEndian(secondsSinceReferenceDate.bitPattern, size: 8)
        return reference
    }

    @inlinable
    package mutating func data(_ value: Data) -> Int {
        let reference = begin()
        appendMarker(0x4, count: value.count)
        bytes.append(contentsOf: value)
        return reference
    }

    /// An ASCII string (0x5, one byte per character) from its bytes, all below 0x80.
    @inlinable @inline(__always)
    package mutating func asciiString(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        let reference = begin()
        appendMarker(0x5, count: utf8.count)
        bytes.append(contentsOf: UnsafeRawBufferPointer(utf8))
        return reference
    }

    /// A UTF-16 string (0x6) from its code units, two big-endian bytes each (see
    /// ``bigEndianUnits(of:)``).
    package mutating func utf16String(bigEndianUnits: UnsafeBufferPointer<UInt8>) -> Int {
        let reference = begin()
        appendMarker(0x6, count: bigEndianUnits.count / 2)
        bytes.append(contentsOf: UnsafeRawBufferPointer(bigEndianUnits))
        return reference
    }

    /// The UTF-16 code units of `text`, two big-endian bytes each: a UTF-16 string's payload.
    package static func bigEndianUnits(of text: String) -> [UInt8] {
        var units: [UInt8] = []
        units.reserveCapacity(text.utf16.count * 2)
        for unit in text.utf16 {
            units.append(UInt8(truncatingIfNeeded: unit >> 8))
            units.append(UInt8(truncatingIfNeeded: unit))
        }
        return units
    }

    @inlinable
    package mutating func uid(_ value: UInt64) -> Int {
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

    @inlinable
    package mutating func array(_ references: [Int]) -> Int {
        let reference = begin()
        appendMarker(0xA, count: references.count)
        bytes.appendBigEndian(references, width: referenceSize)
        return reference
    }

    @inlinable
    package mutating func dictionary(keys: [Int], values: [Int]) -> Int {
        let reference = begin()
        appendMarker(0xD, count: keys.count)
        bytes.appendBigEndian(keys, width: referenceSize)
        bytes.appendBigEndian(values, width: referenceSize)
        return reference
    }

    /// The fewest bytes of 1, 2, 4 and 8 that hold `value`: the width of an offset table that
    /// ends before `value`, or of references that address `value` objects.
    package static func width(toHold value: UInt64) -> Int {
        value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }

    /// Appends the offset table and trailer (`top` is the top object's reference) and returns
    /// the file, or `nil` when memory ran out while writing. The caller has made sure every
    /// reference fits ``referenceSize``.
    package mutating func finish(top: Int) -> Data? {
        let tableOffset = bytes.count
        let offsetSize = Self.width(toHold: UInt64(tableOffset))
        bytes.appendBigEndian(offsets, width: offsetSize)
        bytes.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)])
        appendBigEndian(UInt64(offsets.count), size: 8)
        appendBigEndian(UInt64(top), size: 8)
        appendBigEndian(UInt64(tableOffset), size: 8)
        return bytes.take()
    }
}
