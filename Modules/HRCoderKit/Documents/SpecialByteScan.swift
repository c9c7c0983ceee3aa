import CodingCore

/// Finds the next byte of JSON text that a reader or writer must treat specially: `"`, `\` and
/// control characters.
///
/// Documents are mostly long runs of plain text, so the scan skips eight bytes at a time (one
/// 64-bit word, tested with CodingCore's `ByteWord`) until a word holds one of the bytes sought.
enum SpecialByteScan {
    /// The index of the first byte in `start..<end` that is `"`, `\` or below 0x20, or `end`.
    static func firstJSONSpecial(in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        while end - index >= 8 {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let found =
                ByteWord.bytes(below: 0x20, in: word) | ByteWord.bytes(equalTo: 0x22, in: word)
                | ByteWord.bytes(equalTo: 0x5C, in: word)
            if found != 0 { break }
            index += 8
        }
        while index < end {
            let byte = base[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return index }
            index += 1
        }
        return end
    }
}
