/// Tests on eight bytes at once, held in one 64-bit word (SWAR, "SIMD within a register"):
/// the scans of the kits' readers and writers load eight bytes with `loadUnaligned` and ask
/// whether any of them is zero, equal to a byte, below a limit, or not ASCII.
///
/// The trick behind ``bytes(below:in:)``, ``bytes(equalTo:in:)`` and ``hasZeroByte(_:)``:
/// subtract `limit` from every byte at once (`word - 0x0101…01 × limit`). A byte below `limit`
/// wraps around and so sets its high bit, and keeping only the bytes whose own high bit was
/// clear (`& ~word & 0x8080…80`) drops the bytes that were at least 0x80 to begin with. A byte
/// that wraps borrows from the byte above it, which can flag that byte falsely; no byte below
/// the first match is ever flagged, so the result is non-zero exactly when some byte matches,
/// and its lowest set bit is the high bit of the first match in memory order (the least
/// significant byte is the first on the little-endian machines the suite runs on).
///
/// All of it is `@inlinable`: it runs inside the kits' hottest loops. The type itself is
/// `@usableFromInline` as well: the Swift 6.3 compiler serializes no body of an `@inlinable`
/// member of a plain `package` type, so without it every test here would be a call.
@usableFromInline package enum ByteWord {
    /// 0x01 in every byte: multiplied by a byte, that byte in every byte.
    @inlinable static var ones: UInt64 { 0x0101_0101_0101_0101 }

    /// The high bit (0x80) of every byte: a byte of a word is ASCII when its bit here is clear.
    @inlinable static var highBits: UInt64 { 0x8080_8080_8080_8080 }

    /// Non-zero exactly when some byte of `word` is below `limit`, which must be at most 0x80
    /// (above it, bytes below `limit` can be missed: one of 0x80 or more always is). The lowest
    /// set bit is the high bit of the least significant such byte.
    @inlinable @inline(__always)
    package static func bytes(below limit: UInt8, in word: UInt64) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highBits
    }

    /// Non-zero exactly when some byte of `word` equals `byte`: such a byte is the one zero byte
    /// of `word ^ (byte in every byte)`, found as a byte below 1. The lowest set bit is the high
    /// bit of the least significant such byte.
    @inlinable @inline(__always)
    package static func bytes(equalTo byte: UInt8, in word: UInt64) -> UInt64 {
        let difference = word ^ (ones &* UInt64(byte))
        return (difference &- ones) & ~difference & highBits
    }

    /// Whether any of the eight bytes of `word` is zero.
    @inlinable @inline(__always)
    package static func hasZeroByte(_ word: UInt64) -> Bool {
        (word &- ones) & ~word & highBits != 0
    }

    /// Whether all eight bytes of `word` are ASCII (below 0x80): no high bit is set.
    @inlinable @inline(__always)
    package static func isASCII(_ word: UInt64) -> Bool {
        word & highBits == 0
    }

    /// Whether all `count` bytes at `pointer` are ASCII. `pointer` needs no alignment.
    ///
    /// Reads 32 bytes per step (four words, one test), then eight, then the last eight bytes
    /// once more, overlapping what was read: no byte-by-byte tail. Fewer than eight bytes are
    /// read as two overlapping halves of four, two or one byte.
    @inlinable @inline(__always)
    package static func isASCII(_ pointer: UnsafeRawPointer, count: Int) -> Bool {
        guard count >= 8 else { return isShortASCII(pointer, count: count) }
        var index = 0
        while index &+ 32 <= count {
            let any =
                pointer.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                | pointer.loadUnaligned(fromByteOffset: index &+ 8, as: UInt64.self)
                | pointer.loadUnaligned(fromByteOffset: index &+ 16, as: UInt64.self)
                | pointer.loadUnaligned(fromByteOffset: index &+ 24, as: UInt64.self)
            if !isASCII(any) { return false }
            index &+= 32
        }
        var any = pointer.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        while index &+ 8 <= count {
            any |= pointer.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index &+= 8
        }
        return isASCII(any)
    }

    /// ``isASCII(_:count:)`` for fewer than eight bytes.
    @inlinable @inline(__always)
    static func isShortASCII(_ pointer: UnsafeRawPointer, count: Int) -> Bool {
        let any: UInt32
        if count >= 4 {
            any =
                pointer.loadUnaligned(fromByteOffset: 0, as: UInt32.self)
                | pointer.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
        } else if count >= 2 {
            any = UInt32(
                pointer.loadUnaligned(fromByteOffset: 0, as: UInt16.self)
                    | pointer.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self))
        } else if count == 1 {
            any = UInt32(pointer.load(as: UInt8.self))
        } else {
            return true
        }
        return isASCII(UInt64(any))
    }
}
