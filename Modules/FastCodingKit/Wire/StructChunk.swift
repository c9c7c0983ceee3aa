/// The NSValue struct chunks `22`–`28` (spec §11).
enum StructChunk {
    /// Where a struct chunk's payload starts and how many bytes it holds.
    struct PayloadLayout {
        /// The payload is padded to this boundary after the type byte (1: not padded).
        let alignment: Int
        /// The payload's size in bytes.
        let byteCount: Int
    }

    /// The payload layout of each struct chunk, or `nil` for other chunk types.
    ///
    /// The one place that knows the AffineTransform quirk: the original writer put its doubles
    /// right after the type byte, without padding (§15 #2), and we read and write it so.
    static func payloadLayout(of type: ChunkType) -> PayloadLayout? {
        switch type {
        case .point, .size, .vector: PayloadLayout(alignment: 8, byteCount: 16)
        case .rect: PayloadLayout(alignment: 8, byteCount: 32)
        case .range: PayloadLayout(alignment: 4, byteCount: 8)
        case .affineTransform: PayloadLayout(alignment: 1, byteCount: 48)
        case .transform3D: PayloadLayout(alignment: 8, byteCount: 128)
        default: nil
        }
    }

    static func write(_ value: FastStructValue, to output: borrowing ByteWriter) {
        func doubles(_ type: ChunkType, _ values: [Double]) {
            output.writeByte(type.rawValue)
            if let layout = payloadLayout(of: type) { output.pad(layout.alignment) }
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
            doubles(.affineTransform, Array(values.prefix(6)) + Array(repeating: 0, count: max(0, 6 - values.count)))
        case let .transform3D(values):
            doubles(.transform3D, Array(values.prefix(16)) + Array(repeating: 0, count: max(0, 16 - values.count)))
        }
    }
}
