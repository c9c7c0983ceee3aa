/// The bytes of JSON string text that need attention: `"`, `\` and control characters.
///
/// Documents are mostly long runs of plain text, so the reader and the writer skip eight bytes
/// at a time (one 64-bit word) until a word holds one of these bytes.
enum JSONStringBytes {
    /// The index of the first byte in `start..<end` that is `"`, `\` or below 0x20, or `end`.
    static func firstSpecial(in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        while end - index >= 8, !holdsSpecial(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
            index += 8
        }
        while index < end {
            let byte = base[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return index }
            index += 1
        }
        return end
    }

    /// Whether any byte of `word` is `"`, `\` or below 0x20 (exact: no false alarms).
    @inline(__always)
    private static func holdsSpecial(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        // A byte below n sets its high bit in (x - n) while its own high bit is clear (n <= 0x80).
        let control = (word &- ones &* 0x20) & ~word & highBits
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let quotes = (quote &- ones) & ~quote & highBits
        let backslashes = (backslash &- ones) & ~backslash & highBits
        return control | quotes | backslashes != 0
    }
}
