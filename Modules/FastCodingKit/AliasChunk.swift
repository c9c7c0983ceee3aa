/// Index-carrying chunks in their 8/16/32-bit widths (aliases and Object8/16/32, spec §4.3).
enum AliasChunk {
    /// Writes `narrowest` (an 8-bit code) or one of the two codes after it, by the size of `index`.
    @inline(__always)
    static func write(_ narrowest: ChunkType, _ index: Int, to output: borrowing ByteWriter) {
        if index <= 0xFF {
            output.writeByte(narrowest.rawValue)
            output.write(UInt8(truncatingIfNeeded: index))
        } else if index <= 0xFFFF {
            output.writeByte(narrowest.rawValue + 1)
            output.writeAligned(UInt16(truncatingIfNeeded: index))
        } else {
            output.writeByte(narrowest.rawValue + 2)
            output.writeAligned(UInt32(truncatingIfNeeded: index))
        }
    }
}
