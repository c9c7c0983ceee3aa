/// Integers written in the smallest chunk that holds the value (spec §6.1).
enum IntegerChunk {
    @inline(__always)
    static func write(_ value: Int64, to output: borrowing ByteWriter) {
        switch value {
        case 1: output.writeByte(ChunkType.one.rawValue)
        case 0: output.writeByte(ChunkType.zero.rawValue)
        case -128...127: output.writeBytePair(ChunkType.int8.rawValue, UInt8(truncatingIfNeeded: value))
        case -32768...32767: output.writeChunk(.int16, Int16(truncatingIfNeeded: value))
        case -2_147_483_648...2_147_483_647: output.writeChunk(.int32, Int32(truncatingIfNeeded: value))
        default: output.writeChunk(.int64, value)
        }
    }
}
