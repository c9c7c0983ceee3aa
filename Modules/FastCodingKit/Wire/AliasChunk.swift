/// Index-carrying chunks in their 8/16/32-bit widths (aliases and Object8/16/32, spec §4.3).
enum AliasChunk {
    /// Writes `narrowest` (an 8-bit code) or one of the two codes after it, by the size of `index`.
    @inline(__always)
    static func write(_ narrowest: ChunkType, _ index: Int, to output: borrowing ByteWriter) {
        if index <= 0xFF {
            output.writeBytePair(narrowest.rawValue, UInt8(truncatingIfNeeded: index))
        } else if index <= 0xFFFF {
            output.writeChunk(code: narrowest.rawValue + 1, UInt16(truncatingIfNeeded: index))
        } else {
            output.writeChunk(code: narrowest.rawValue + 2, UInt32(truncatingIfNeeded: index))
        }
    }
}
