extension BinaryPlistScanner {
    /// Whether the bytes of `range` (a payload ``object(at:)`` returned) are all ASCII.
    @inlinable @inline(__always)
    package func isASCII(_ range: Range<Int>) -> Bool {
        // The payload lies inside `bytes`, so the base address exists.
        ByteWord.isASCII(bytes.baseAddress.unsafelyUnwrapped + range.lowerBound, count: range.count)
    }

    /// The text of UTF-8 bytes (an ASCII or UTF-8 string's payload).
    ///
    /// - Throws: ``PlistFault`` at the first byte that is not valid UTF-8.
    package func utf8Text(_ range: Range<Int>) throws(PlistFault) -> String {
        let text = UnsafeBufferPointer(rebasing: bytes.bindMemory(to: UInt8.self)[range])
        if let invalid = UTF8Validation.firstInvalidOffset(text) {
            throw PlistFault(offset: range.lowerBound + invalid, reason: "string bytes that are not valid UTF-8")
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The text of big-endian UTF-16 code units (a UTF-16 string's payload).
    ///
    /// - Throws: ``PlistFault`` at the first surrogate without its partner.
    package func utf16Text(_ range: Range<Int>) throws(PlistFault) -> String {
        let units = stride(from: range.lowerBound, to: range.upperBound, by: 2).map {
            UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1])
        }
        if let lone = UTF8Validation.firstLoneSurrogate(units) {
            throw PlistFault(offset: range.lowerBound + 2 * lone, reason: "UTF-16 string with a lone surrogate")
        }
        return String(decoding: units, as: UTF16.self)
    }
}
