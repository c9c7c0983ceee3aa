import Foundation

/// Reading leaf values (numbers, strings, data, dates, URLs) at the current position.
extension FastDecodingContext {
    @inline(__always)
    private func chunk(_ type: Any.Type) throws -> (code: UInt8, start: Int) {
        let start = reader.offset
        return (try reader.readByte("a chunk type (\(type))"), start)
    }

    /// Reads an integer chunk of any width (One/Zero/Int8…Int64) as `T`, range-checked.
    func readInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let (code, start) = try chunk(type)
        let wide: Int64
        switch code {
        case ChunkType.one.rawValue: wide = 1
        case ChunkType.zero.rawValue: wide = 0
        case ChunkType.int8.rawValue: wide = Int64(try reader.read(Int8.self, "an int8"))
        case ChunkType.int16.rawValue: wide = Int64(try reader.readAligned(Int16.self, "an int16"))
        case ChunkType.int32.rawValue: wide = Int64(try reader.readAligned(Int32.self, "an int32"))
        case ChunkType.int64.rawValue: wide = try reader.readAligned(Int64.self, "an int64")
        default: return try readDecimalInteger(type, code, at: start)
        }
        guard let value = T(exactly: wide) else {
            throw corrupted("integer \(wide) at offset \(start) does not fit in \(T.self)")
        }
        return value
    }

    /// Reads a DecimalNumber chunk (how integers beyond `Int64` are written) holding an integer
    /// that fits in `T`; any other chunk is a type mismatch.
    @inline(never)
    private func readDecimalInteger<T: FixedWidthInteger>(_ type: T.Type, _ code: UInt8, at start: Int) throws -> T {
        guard code == ChunkType.decimalNumber.rawValue else { throw mismatch(type, code, at: start) }
        try reader.align(NSDecimalLayout.size)
        guard let value = try NSDecimalLayout.readFields(from: &reader).integer(as: T.self) else {
            throw corrupted("the decimal number at offset \(start) is not an integer that fits in \(T.self)")
        }
        return value
    }

    /// Reads True/False, or One/Zero (how the original wrote BOOL properties on some platforms).
    func readBool() throws -> Bool {
        let (code, start) = try chunk(Bool.self)
        switch code {
        case ChunkType.true.rawValue, ChunkType.one.rawValue: return true
        case ChunkType.false.rawValue, ChunkType.zero.rawValue: return false
        default: throw mismatch(Bool.self, code, at: start)
        }
    }

    func readDouble() throws -> Double {
        switch reader.peekByte() {
        case ChunkType.float64.rawValue:
            reader.offset += 1
            try reader.align(8)
            return try reader.readFloat64()
        case ChunkType.float32.rawValue:
            reader.offset += 1
            try reader.align(4)
            return Double(try reader.readFloat32())
        default:
            let start = reader.offset
            let integer = try readInteger(Int64.self)
            guard let value = Double(exactly: integer) else {
                throw corrupted("integer \(integer) at offset \(start) has no exact Double value")
            }
            return value
        }
    }

    func readFloat() throws -> Float {
        if reader.peekByte() == ChunkType.float32.rawValue {
            reader.offset += 1
            try reader.align(4)
            return try reader.readFloat32()
        }
        let start = reader.offset
        let number = try readDouble()
        guard let float = Float(archivedDouble: number) else {
            throw corrupted("the number \(number) at offset \(start) does not fit in Float")
        }
        return float
    }

    func readDecimal() throws -> Decimal {
        guard reader.peekByte() == ChunkType.decimalNumber.rawValue else {
            if reader.peekByte() == ChunkType.float64.rawValue || reader.peekByte() == ChunkType.float32.rawValue {
                return Decimal(try readDouble())
            }
            return Decimal(try readInteger(Int64.self))
        }
        reader.offset += 1
        try reader.align(NSDecimalLayout.size)
        return try NSDecimalLayout.read(from: &reader)
    }

    /// Reads a String (08), a string alias, or a MutableString (17) and its aliases.
    func readString() throws -> String {
        let (code, start) = try chunk(String.self)
        switch code {
        case ChunkType.string.rawValue:
            let string = try reader.readRawString()
            if replaying == 0 { strings.append(string) }
            return string
        case ChunkType.stringAlias8.rawValue, ChunkType.stringAlias16.rawValue, ChunkType.stringAlias32.rawValue:
            let index = try reader.readIndex(code: code, first: .stringAlias8)
            guard index < strings.count else {
                throw FastCodingError.indexOutOfRange(
                    table: "string", index: index, count: strings.count, offset: start)
            }
            if !urls.isEmpty, urls[index] != nil { throw mismatch(String.self, ChunkType.url.rawValue, at: start) }
            return strings[index]
        default:
            return try readOtherString(code, start: start)
        }
    }

    /// ``readString()`` for a MutableString, an object alias to one, or a chunk that is no string:
    /// out of line, so the common chunks' path stays small.
    @inline(never)
    private func readOtherString(_ code: UInt8, start: Int) throws -> String {
        switch code {
        case ChunkType.mutableString.rawValue:
            let string = try reader.readRawString()
            appendObjectSlot(at: start)
            return string
        case ChunkType.objectAlias8.rawValue, ChunkType.objectAlias16.rawValue, ChunkType.objectAlias32.rawValue:
            return try replayAlias(ChunkType.objectAlias8.advanced(by: code), start: start) { try readString() }
        default:
            throw mismatch(String.self, code, at: start)
        }
    }

    func readDate() throws -> Date {
        let (code, start) = try chunk(Date.self)
        switch code {
        case ChunkType.date.rawValue, ChunkType.legacyDate.rawValue:
            try reader.align(8)
            let seconds = try reader.readFloat64("a date")
            let sinceReferenceDate =
                code == ChunkType.date.rawValue ? seconds : seconds - Date.timeIntervalBetween1970AndReferenceDate
            guard let date = Date(archivedSecondsSinceReferenceDate: sinceReferenceDate) else {
                throw FastCodingError.dateIsNotANumber(offset: reader.offset - 8)
            }
            appendObjectSlot(at: start)
            return date
        case ChunkType.objectAlias8.rawValue, ChunkType.objectAlias16.rawValue, ChunkType.objectAlias32.rawValue:
            return try replayAlias(ChunkType.objectAlias8.advanced(by: code), start: start) { try readDate() }
        default:
            throw mismatch(Date.self, code, at: start)
        }
    }

    func readData() throws -> Data {
        let (code, start) = try chunk(Data.self)
        switch code {
        case ChunkType.data.rawValue, ChunkType.mutableData.rawValue:
            let length = try reader.readAligned(UInt32.self, "a data length")
            let bytes = try reader.readPaddedBytes(length: Int(length), "\(length) bytes of data")
            appendObjectSlot(at: start)
            return Data(bytes)
        case ChunkType.objectAlias8.rawValue, ChunkType.objectAlias16.rawValue, ChunkType.objectAlias32.rawValue:
            return try replayAlias(ChunkType.objectAlias8.advanced(by: code), start: start) { try readData() }
        default:
            throw mismatch(Data.self, code, at: start)
        }
    }

    /// Reads a URL chunk (21) or a string alias to one; `allowsNil` for a URL's base.
    func readURL(allowsNil: Bool = false) throws -> URL? {
        let (code, start) = try chunk(URL.self)
        switch code {
        case ChunkType.nil.rawValue where allowsNil:
            return nil
        case ChunkType.url.rawValue:
            try enter(start)
            defer { depth -= 1 }
            let relative = try readString()
            let base = try readURL(allowsNil: true)
            // A URL holds its base: a chain of bases shared through aliases is a deep value.
            let chain = base == nil ? 1 : lastURLChain + 1
            if depth - 1 + chain > maximumDepth {
                throw FastCodingError.nestingTooDeep(limit: maximumDepth, offset: start)
            }
            guard let url = URL(string: relative, relativeTo: base) else {
                throw corrupted("'\(relative)' at offset \(start) is not a valid URL")
            }
            if replaying == 0 {
                urls[strings.count] = url
                urlChains[strings.count] = chain
                strings.append(url.absoluteString)
            }
            lastURLChain = chain
            return url
        case ChunkType.stringAlias8.rawValue, ChunkType.stringAlias16.rawValue, ChunkType.stringAlias32.rawValue:
            let index = try reader.readIndex(code: code, first: .stringAlias8)
            guard index < strings.count else {
                throw FastCodingError.indexOutOfRange(
                    table: "string", index: index, count: strings.count, offset: start)
            }
            guard let url = urls[index] else { throw mismatch(URL.self, ChunkType.string.rawValue, at: start) }
            lastURLChain = urlChains[index] ?? 1
            return url
        default:
            throw mismatch(URL.self, code, at: start)
        }
    }

    /// Consumes a Nil (00) or Null (01, `NSNull`) chunk if one is next: both decode as `nil`.
    func readNilIfPresent() -> Bool {
        guard let byte = reader.peekByte(), byte == ChunkType.nil.rawValue || byte == ChunkType.null.rawValue else {
            return false
        }
        reader.offset += 1
        return true
    }
}

extension ChunkType {
    /// The 16- or 32-bit sibling of an 8-bit alias code, from the actual type byte read.
    func advanced(by code: UInt8) -> ChunkType {
        ChunkType(rawValue: code) ?? self
    }
}
