import Foundation

/// A bounds-checked little-endian cursor over borrowed bytes.
///
/// Every read checks that the input holds enough bytes and throws
/// ``FastCodingError/unexpectedEnd(offset:expected:)`` otherwise. It never owns memory: it lives
/// only inside a `withUnsafeBytes` call of the decoder that made it.
struct ByteReader {
    let base: UnsafeRawPointer?
    let count: Int
    var offset: Int

    init(_ buffer: UnsafeRawBufferPointer, offset: Int = 0) {
        base = buffer.baseAddress
        count = buffer.count
        self.offset = offset
    }

    var remaining: Int { count - offset }
    var isAtEnd: Bool { offset >= count }

    // Offsets stay within 0...count (every read is checked first), so the arithmetic on them
    // cannot overflow: it wraps (`&+`, `&-`) instead of checking for overflow at each step.

    @inline(__always)
    private func require(_ size: Int, _ what: @autoclosure () -> String) throws(FastCodingError) -> UnsafeRawPointer {
        guard size <= count &- offset, let base else {
            throw .unexpectedEnd(offset: offset, expected: what())
        }
        return base + offset
    }

    mutating func readByte(_ what: @autoclosure () -> String = "a type byte") throws(FastCodingError) -> UInt8 {
        let pointer = try require(1, what())
        offset &+= 1
        return pointer.load(as: UInt8.self)
    }

    /// The bytes from `start` up to `end`, both offsets already read (so within the input).
    func bytes(from start: Int, to end: Int) -> UnsafeRawBufferPointer {
        guard let base, start >= 0, start <= end, end <= count else {
            return UnsafeRawBufferPointer(start: nil, count: 0)
        }
        return UnsafeRawBufferPointer(start: base + start, count: end - start)
    }

    func byte(at position: Int) -> UInt8? {
        guard position >= 0, position < count, let base else { return nil }
        return base.load(fromByteOffset: position, as: UInt8.self)
    }

    func peekByte() -> UInt8? {
        guard offset < count, let base else { return nil }
        return base.load(fromByteOffset: offset, as: UInt8.self)
    }

    /// Skips to the next multiple of `alignment` (absolute offset), as the writer padded.
    @inline(__always)
    mutating func align(_ alignment: Int) throws(FastCodingError) {
        // Every alignment but NSDecimal's is a power of two: a mask instead of two divisions.
        let padding =
            alignment & (alignment - 1) == 0
            ? (0 &- offset) & (alignment - 1) : (alignment - offset % alignment) % alignment
        _ = try require(padding, "padding")
        offset &+= padding
    }

    mutating func read<T: FixedWidthInteger>(_: T.Type, _ what: @autoclosure () -> String) throws(FastCodingError) -> T
    {
        let size = MemoryLayout<T>.size
        let pointer = try require(size, what())
        offset &+= size
        return T(littleEndian: pointer.loadUnaligned(as: T.self))
    }

    /// Pads to the value's size, then reads it (the layout of every fixed-width payload).
    mutating func readAligned<T: FixedWidthInteger>(_ type: T.Type, _ what: @autoclosure () -> String)
        throws(FastCodingError) -> T
    {
        try align(MemoryLayout<T>.size)
        return try read(type, what())
    }

    mutating func readFloat64(_ what: @autoclosure () -> String = "a float64") throws(FastCodingError) -> Double {
        Double(bitPattern: try read(UInt64.self, what()))
    }

    mutating func readFloat32(_ what: @autoclosure () -> String = "a float32") throws(FastCodingError) -> Float {
        Float(bitPattern: try read(UInt32.self, what()))
    }

    /// Reads a NUL-terminated UTF-8 string, stopping at the end of input (spec §15 #6).
    ///
    /// `memchr` finds the terminator within the input first, so `String(validatingCString:)`
    /// never reads past it. That initializer is the standard library's one validating entry
    /// point that is not generic: it checks the bytes once and copies them once (checking them
    /// for ASCII here and then calling `String(decoding:as:)`, which checks them again, cost
    /// 3 % more of a 2,000-record decode).
    mutating func readRawString(_ what: @autoclosure () -> String = "a string") throws(FastCodingError) -> String {
        let start = offset
        guard let base, start < count else { throw .unexpectedEnd(offset: start, expected: what()) }
        guard let found = memchr(base + start, 0, count - start) else {
            throw .unexpectedEnd(offset: count, expected: "the NUL terminator of \(what()) starting at \(start)")
        }
        guard let string = String(validatingCString: (base + start).assumingMemoryBound(to: CChar.self)) else {
            throw .invalidUTF8(offset: start)
        }
        offset = start &+ (UnsafeRawPointer(found) - (base + start)) &+ 1
        return string
    }

    /// Skips a NUL-terminated string without decoding it.
    mutating func skipRawString(_ what: @autoclosure () -> String = "a string") throws(FastCodingError) {
        let start = offset
        guard let base, start < count else { throw .unexpectedEnd(offset: start, expected: what()) }
        guard let found = memchr(base + start, 0, count - start) else {
            throw .unexpectedEnd(offset: count, expected: "the NUL terminator of \(what()) starting at \(start)")
        }
        let terminator = UnsafeRawPointer(found) - (base + start)
        offset = start &+ terminator &+ 1
    }

    /// Reads `length` bytes then skips the zero fill up to a multiple of 4 (Data chunks, §7.2).
    mutating func readPaddedBytes(length: Int, _ what: @autoclosure () -> String) throws(FastCodingError)
        -> UnsafeRawBufferPointer
    {
        let padded = length + (4 - length % 4) % 4
        let pointer = try require(padded, what())
        offset &+= padded
        return UnsafeRawBufferPointer(start: pointer, count: length)
    }

    /// Reads the index after the type byte `code` of a family of 8-, 16- and 32-bit codes that
    /// starts at `first` (object and string aliases, objects), straight from the code.
    @inline(__always)
    mutating func readIndex(code: UInt8, first: ChunkType) throws(FastCodingError) -> Int {
        switch code &- first.rawValue {
        case 0: Int(try read(UInt8.self, "an 8-bit index"))
        case 1: Int(try readAligned(UInt16.self, "a 16-bit index"))
        default: Int(try readAligned(UInt32.self, "a 32-bit index"))
        }
    }

    /// Reads a 4-byte-aligned element count, refusing counts the rest of the input cannot hold
    /// (each item takes at least `minimumSize` bytes).
    mutating func readCount(minimumSize: Int, _ what: @autoclosure () -> String) throws(FastCodingError) -> Int {
        try align(4)
        let countOffset = offset
        let count = try read(UInt32.self, what())
        try checkCount(count, minimumSize: minimumSize, at: countOffset)
        return Int(count)
    }

    /// Throws unless `count` items of at least `minimumSize` bytes each could still follow.
    func checkCount(_ count: UInt32, minimumSize: Int, at countOffset: Int) throws(FastCodingError) {
        if Int(count) * minimumSize > remaining {
            throw .countTooLarge(count: UInt64(count), offset: countOffset, remaining: remaining)
        }
    }
}
