/// Strict UTF-8 and UTF-16 checking for the readers: text that is not valid is an error naming
/// its offset, never silently replaced with U+FFFD (Foundation's `JSONDecoder` refuses it too).
package enum UTF8Validation {
    /// The offset of the first byte that does not start a well-formed UTF-8 sequence (an invalid
    /// or truncated sequence, an overlong form, a surrogate, a value above U+10FFFF), or `nil`.
    package static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var index = 0
        while index < count {
            // 32, then 8 ASCII bytes at a time: documents are mostly ASCII.
            while count - index >= 32 {
                let block = UnsafeRawPointer(base + index)
                let any =
                    block.loadUnaligned(as: UInt64.self) | block.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                    | block.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
                    | block.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                if !ByteWord.isASCII(any) { break }
                index += 32
            }
            if index == count { break }
            if count - index >= 8,
                ByteWord.isASCII(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            {
                index += 8
                continue
            }
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return index
            }
            guard count - index >= length else { return index }
            var scalar = UInt32(lead) & (0x7F >> length)
            for next in 1..<length {
                let byte = base[index + next]
                guard byte & 0xC0 == 0x80 else { return index }
                scalar = scalar << 6 | UInt32(byte & 0x3F)
            }
            if length == 3, scalar < 0x800 || (0xD800...0xDFFF).contains(scalar) { return index }
            if length == 4, scalar < 0x1_0000 || scalar > 0x10_FFFF { return index }
            index += length
        }
        return nil
    }

    /// The index of the first UTF-16 code unit that is a surrogate without its partner, or `nil`.
    package static func firstLoneSurrogate<Units: Collection<UInt16>>(_ units: Units) -> Int? {
        var expectingLow = false
        for (index, unit) in units.enumerated() {
            switch unit {
            case 0xD800...0xDBFF:
                if expectingLow { return index - 1 }
                expectingLow = true
            case 0xDC00...0xDFFF:
                if !expectingLow { return index }
                expectingLow = false
            default:
                if expectingLow { return index - 1 }
            }
        }
        return expectingLow ? units.count - 1 : nil
    }
}
