import CodingCore

extension BinaryPlistWriter {
    /// The object references of the array (`marker` 0xA) or dictionary (0xD, keys then values)
    /// written as object `reference`, read back from the output; `nil` for any other object.
    ///
    /// Only the rare container patterns that add to a value already written read back (a second
    /// container of one key), so the common paths keep no record of what they wrote.
    func writtenReferences(of reference: Int, marker: UInt8) -> [Int]? {
        guard let start = writtenBytes, offsets.indices.contains(reference) else { return nil }
        let end = byteCount
        var position = offsets[reference]
        // Every read below is checked against `end`, the number of bytes written from `start`.
        func byte() -> UInt8? {
            guard position < end else { return nil }
            defer { position += 1 }
            return start.load(fromByteOffset: position, as: UInt8.self)
        }
        func bigEndian(_ size: Int) -> Int? {
            guard size <= 8, end - position >= size else { return nil }
            var value = 0
            for _ in 0..<size { value = value << 8 | Int(byte() ?? 0) }
            return value
        }
        guard let first = byte(), first >> 4 == marker else { return nil }
        var count = Int(first & 0x0F)
        if count == 0x0F {
            guard let sizeMarker = byte(), sizeMarker >> 4 == 0x1, let wide = bigEndian(1 << Int(sizeMarker & 0x0F))
            else { return nil }
            count = wide
        }
        let perEntry = marker == 0xD ? 2 : 1
        guard count >= 0, count <= (end - position) / referenceSize / perEntry else { return nil }
        let total = perEntry * count
        var references: [Int] = []
        references.reserveCapacity(total)
        for _ in 0..<total {
            guard let next = bigEndian(referenceSize) else { return nil }
            references.append(next)
        }
        return references
    }
}
