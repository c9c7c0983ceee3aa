/// The NSValue struct chunks `22`–`28` (spec §11).
enum StructChunk {
    static func write(_ value: FastStructValue, to output: ByteWriter) {
        func doubles(_ type: ChunkType, _ values: [Double], aligned: Bool = true) {
            output.writeByte(type.rawValue)
            if aligned { output.pad(8) }
            for value in values { output.write(value.bitPattern) }
        }
        switch value {
        case let .point(x, y): doubles(.point, [x, y])
        case let .size(width, height): doubles(.size, [width, height])
        case let .vector(dx, dy): doubles(.vector, [dx, dy])
        case let .rect(x, y, width, height): doubles(.rect, [x, y, width, height])
        case let .range(location, length):
            output.writeChunk(.range, location)
            output.write(length)
        case let .affineTransform(values):
            // Unpadded, as the original writer did (§15 #2); our reader reads it the same way.
            doubles(.affineTransform, Array(values.prefix(6)) + Array(repeating: 0, count: max(0, 6 - values.count)), aligned: false)
        case let .transform3D(values):
            doubles(.transform3D, Array(values.prefix(16)) + Array(repeating: 0, count: max(0, 16 - values.count)))
        }
    }
}
