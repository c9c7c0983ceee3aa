/// Arrays write their elements directly (no unkeyed container per array, no copy per element).
protocol FastEncodableArray {
    /// Writes `value` (of type `Self`, looked up for `V` by the caller) as an Array chunk,
    /// in list frame `frame`.
    static func encodeArray<V>(_ value: V, to context: FastEncodingContext, frame: Int) throws
}

extension Array: FastEncodableArray where Element: Encodable {
    static func encodeArray<V>(_ value: V, to context: FastEncodingContext, frame: Int) throws {
        let array = unsafeBitCast(value, to: [Element].self)
        guard let count = UInt32(exactly: array.count) else {
            throw context.invalid(array, "\(array.count) elements exceed FastCoding's 32-bit counts")
        }
        context.output.writeChunk(.array, count)
        try array.withUnsafeBufferPointer { buffer in
            for index in buffer.indices { try context.encodeElement(buffer[index], at: index, of: frame) }
        }
    }
}
