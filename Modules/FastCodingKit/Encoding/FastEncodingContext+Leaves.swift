import Foundation

/// Writing the leaf values the format stores natively: strings, numbers, dates, data, URLs.
extension FastEncodingContext {
    static let nulInString = "strings containing U+0000 cannot be stored (the original truncated them)"

    @inline(__always)
    func writeString(_ string: String) throws {
        if let done = try string.utf8.withContiguousStorageIfAvailable({ try writeString(string, utf8: $0) }) {
            if let found = done { AliasChunk.write(.stringAlias8, found, to: output) }
            return
        }
        var copy = string
        if let found = try copy.withUTF8({ try writeString(string, utf8: $0) }) {
            AliasChunk.write(.stringAlias8, found, to: output)
        }
    }

    /// Writes a new string chunk, or returns the slot of an equal string written before.
    @inline(__always)
    private func writeString(_ string: String, utf8: UnsafeBufferPointer<UInt8>) throws -> Int? {
        let hash = stringTable.hash(utf8)
        switch stringTable.lookup(utf8, hash: hash, storedAt: output.bytes(at: 0)) {
        case .found(let slot):
            return slot
        case .absent(let bucket):
            let offset = output.count + 1
            guard output.writeStringChunk(utf8) else {
                throw invalidLeaf(string, Self.nulInString)
            }
            // Strings and URLs share one numbering; the table holds the strings' slots only.
            stringTable.insert(at: bucket, hash: hash, offset: offset, length: utf8.count, slot: stringCount)
            stringCount += 1
            return nil
        }
    }

    @inline(__always)
    func writeInteger<T: BinaryInteger>(_ value: T) throws {
        guard let wide = Int64(exactly: value) else { return try writeWideInteger(value) }
        IntegerChunk.write(wide, to: output)
    }

    /// Writes an integer beyond `Int64` (an unsigned or 128-bit one) as a DecimalNumber chunk,
    /// which holds it exactly in its 128-bit mantissa (the original reads an `NSDecimalNumber`).
    @inline(never)
    func writeWideInteger<T: BinaryInteger>(_ value: T) throws {
        guard let fields = NSDecimalLayout.Fields(integer: value) else {
            throw invalidLeaf(
                value, "\(value) needs more than the 128 bits of FastCoding's widest number, a DecimalNumber")
        }
        output.writeByte(ChunkType.decimalNumber.rawValue)
        output.pad(NSDecimalLayout.size)
        NSDecimalLayout.write(fields, to: output)
    }

    @inline(__always)
    func writeBool(_ value: Bool) {
        output.writeByte((value ? ChunkType.true : .false).rawValue)
    }

    @inline(__always)
    func writeDouble(_ value: Double) {
        output.writeChunk(.float64, value.bitPattern)
    }

    @inline(__always)
    func writeFloat(_ value: Float) {
        output.writeChunk(.float32, value.bitPattern)
    }

    func writeDate(_ date: Date) {
        output.writeChunk(.date, date.timeIntervalSinceReferenceDate.bitPattern)
        objectCount += 1
    }

    func writeData(_ data: Data) throws {
        guard data.count <= UInt32.max else { throw invalidLeaf(data, "data longer than 4 GiB cannot be stored") }
        output.writeByte(ChunkType.data.rawValue)
        data.withUnsafeBytes { output.writeDataPayload($0) }
        objectCount += 1
    }

    /// Writes a URL chunk (21): its relative string, then its base URL (or Nil), so a relative
    /// URL keeps its base. URLs share the string cache and are deduplicated by relative string
    /// and base, as the original compares them.
    func writeURL(_ url: URL) throws {
        var key = url.relativeString
        var base = url.baseURL
        while let next = base {
            // U+0000 separates the parts: no URL string holds it (it is percent-encoded).
            key += "\u{0}" + next.relativeString
            base = next.baseURL
        }
        if let slot = urlSlots[key] {
            AliasChunk.write(.stringAlias8, slot, to: output)
            return
        }
        output.writeByte(ChunkType.url.rawValue)
        try writeString(url.relativeString)
        if let base = url.baseURL {
            try writeURL(base)
        } else {
            output.writeByte(ChunkType.nil.rawValue)
        }
        urlSlots[key] = stringCount
        stringCount += 1
    }

    func writeNil() {
        output.writeByte(ChunkType.nil.rawValue)
    }

    /// Writes `value` if it is one of the common leaf types, which need no key, frame or
    /// container; `false` (nothing written) otherwise. Callers try this before boxing a key.
    @inline(__always)
    func encodeLeaf<T: Encodable>(_ value: T) throws -> Bool {
        if T.self == String.self { try writeString(unsafeBitCast(value, to: String.self)); return true }
        if T.self == Int.self { IntegerChunk.write(Int64(unsafeBitCast(value, to: Int.self)), to: output); return true }
        if T.self == Double.self { writeDouble(unsafeBitCast(value, to: Double.self)); return true }
        if T.self == Bool.self { writeBool(unsafeBitCast(value, to: Bool.self)); return true }
        if T.self == Date.self { writeDate(unsafeBitCast(value, to: Date.self)); return true }
        if T.self == [String].self { try writeStrings(unsafeBitCast(value, to: [String].self)); return true }
        return false
    }

    private func writeStrings(_ strings: [String]) throws {
        output.writeChunk(.array, UInt32(truncatingIfNeeded: strings.count))
        for index in strings.indices {
            do {
                try writeString(strings[index])
            } catch {
                throw invalidLeaf(strings[index], Self.nulInString, element: index)
            }
        }
        objectCount += 1
    }
}
