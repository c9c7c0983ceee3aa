/// Finds the next byte of text that a reader or writer must treat specially: `"`, `\` and
/// control characters in JSON strings; `&`, `<` and `>` in XML text.
///
/// Documents are mostly long runs of plain text, so the scan skips eight bytes at a time (one
/// 64-bit word) until a word holds one of the bytes sought.
enum SpecialByteScan {
    /// The index of the first byte in `start..<end` that is `"`, `\` or below 0x20, or `end`.
    static func firstJSONSpecial(in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        while end - index >= 8 {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            if bytesBelow(0x20, in: word) | bytesEqual(0x22, in: word) | bytesEqual(0x5C, in: word) != 0 { break }
            index += 8
        }
        while index < end {
            let byte = base[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return index }
            index += 1
        }
        return end
    }

    /// The index of the first byte in `start..<end` that is `&`, `<` or `>`, or `end`.
    static func firstXMLSpecial(in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        while end - index >= 8 {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            if bytesEqual(0x26, in: word) | bytesEqual(0x3C, in: word) | bytesEqual(0x3E, in: word) != 0 { break }
            index += 8
        }
        while index < end {
            let byte = base[index]
            if byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") { return index }
            index += 1
        }
        return end
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Non-zero exactly when some byte of `word` is below `limit` (at most 0x80): such a byte
    /// sets its high bit in `word - limit` while its own high bit is clear.
    @inline(__always)
    private static func bytesBelow(_ limit: UInt8, in word: UInt64) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highBits
    }

    /// Non-zero exactly when some byte of `word` equals `byte` (a zero byte of `word ^ byte…`).
    @inline(__always)
    private static func bytesEqual(_ byte: UInt8, in word: UInt64) -> UInt64 {
        let difference = word ^ (ones &* UInt64(byte))
        return (difference &- ones) & ~difference & highBits
    }
}
