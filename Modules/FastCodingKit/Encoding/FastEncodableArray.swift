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
            // Each element is handed on `inout` (and never written): generic code would otherwise
            // copy it out of the buffer first, retaining every reference in it (−5 % instructions
            // for an array of 2,000 structs of strings).
            guard let first = buffer.baseAddress else { return }
            for index in buffer.indices {
                let element = UnsafeMutablePointer(mutating: first + index)
                try context.encodeElement(&element.pointee, at: index, of: frame)
            }
        }
    }
}
