import CodingCore
import Foundation

/// Reads JSON text (RFC 8259, UTF-8) into an ``HRValue`` tree, straight from the bytes.
///
/// Numbers without fraction or exponent become `.integer` when they fit `Int64`,
/// `.wideInteger` when a 128-bit integer holds them, all others `.real`. Nesting is limited to `maximumDepth` levels, so hostile input cannot exhaust the
/// stack. Any top-level value is accepted (the original required an object or array).
struct HRJSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let maximumDepth: Int
    private var stackSpace = StackSpace()
    private var position = 0
    /// Entries of the objects being read, innermost last: an object's dictionary is made once,
    /// at its final size, instead of growing (and rehashing every key) as entries arrive.
    private var pendingEntries: [(key: String, value: HRValue)] = []
    /// Whether some object has an `$alias` key.
    private var aliasKeyFound = false

    private init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// Parses one complete JSON document.
    /// `aliasKeyFound` is set when some object has an `$alias` key.
    static func parse(_ data: Data, maximumDepth: Int, aliasKeyFound: inout Bool) throws -> HRValue {
        try data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            if let invalid = UTF8Validation.firstInvalidOffset(bytes) {
                throw HRCoderError.invalidJSON(offset: invalid, reason: "bytes that are not valid UTF-8")
            }
            var parser = HRJSONParser(bytes: bytes, maximumDepth: maximumDepth)
            parser.skipByteOrderMark()
            let value = try parser.parseValue(depth: 0)
            parser.skipWhitespace()
            guard parser.position == parser.bytes.count else {
                throw parser.error("unexpected text after the end of the document")
            }
            aliasKeyFound = parser.aliasKeyFound
            return value
        }
    }

    private func error(_ reason: String) -> HRCoderError {
        .invalidJSON(offset: position, reason: reason)
    }

    private mutating func skipByteOrderMark() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws -> HRValue {
        skipWhitespace()
        guard position < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character '\(Character(Unicode.Scalar(bytes[position])))', expected a value")
        }
    }

    private mutating func expectWord(_ word: String) throws {
        for byte in word.utf8 {
            guard position < bytes.count, bytes[position] == byte else {
                throw error("invalid literal, expected '\(word)'")
            }
            position += 1
        }
    }

    private mutating func checkDepth(_ depth: Int) throws {
        if depth > maximumDepth { throw HRCoderError.nestingTooDeep(limit: maximumDepth, offset: position) }
        if stackSpace.isRunningOut(atDepth: depth) {
            throw HRCoderError.stackExhausted(depth: depth, offset: position)
        }
    }

    private mutating func parseArray(depth: Int) throws -> HRValue {
        try checkDepth(depth)
        position += 1
        var items: [HRValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(items)
        }
        while true {
            items.append(try parseValue(depth: depth))
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of input inside an array") }
            switch bytes[position] {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"): position += 1; return .array(items)
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func parseObject(depth: Int) throws -> HRValue {
        try checkDepth(depth)
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .dictionary([:])
        }
        let first = pendingEntries.count
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw error("expected a string key in an object")
            }
            let key = try parseString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw error("expected ':' after an object key")
            }
            position += 1
            pendingEntries.append((key, try parseValue(depth: depth)))
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of input inside an object") }
            switch bytes[position] {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .dictionary(
                    HRDictionaryBuilder.take(&pendingEntries, from: first, aliasKeyFound: &aliasKeyFound))
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func parseString() throws -> String {
        position += 1
        let start = position
        guard let base = bytes.baseAddress else { throw error("unterminated string") }
        position = SpecialByteScan.firstJSONSpecial(in: base, from: start, to: bytes.count)
        guard position < bytes.count else { throw error("unterminated string") }
        switch base[position] {
        case UInt8(ascii: "\""):
            let utf8 = UnsafeBufferPointer(start: base + start, count: position - start)
            let text = String(decoding: utf8, as: UTF8.self)
            position += 1
            return text
        case UInt8(ascii: "\\"): return try parseEscapedString(from: start)
        default: throw error("unescaped control character in a string")
        }
    }

    private mutating func parseEscapedString(from start: Int) throws -> String {
        var utf8 = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                position += 1
                guard position < bytes.count else { throw error("unterminated escape sequence") }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"): utf8.append(contentsOf: try parseUnicodeEscape())
                default: throw error("invalid escape sequence")
                }
            default:
                if byte < 0x20 { throw error("unescaped control character in a string") }
                utf8.append(byte)
                position += 1
            }
        }
        throw error("unterminated string")
    }

    /// The UTF-8 bytes of a `\uXXXX` escape (the `\u` already read), joining surrogate pairs;
    /// a surrogate without its partner is an error (as in Foundation's `JSONDecoder`).
    private mutating func parseUnicodeEscape() throws -> [UInt8] {
        let escapeStart = position - 2
        let first = try parseHex4()
        var scalarValue = UInt32(first)
        if (0xD800...0xDBFF).contains(first), bytes.count - position >= 6,
            bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
        {
            let saved = position
            position += 2
            let second = try parseHex4()
            if (0xDC00...0xDFFF).contains(second) {
                scalarValue = 0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
            } else {
                position = saved
            }
        }
        guard let scalar = Unicode.Scalar(scalarValue) else {
            position = escapeStart
            throw error("\\u\(String(first, radix: 16)) is a lone surrogate (not a character)")
        }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func parseHex4() throws -> UInt16 {
        guard bytes.count - position >= 4 else { throw error("truncated \\u escape") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid hex digit in a \\u escape")
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    private mutating func parseNumber() throws -> HRValue {
        let start = position
        var isNegative = false
        if bytes[position] == UInt8(ascii: "-") { isNegative = true; position += 1 }
        let integerStart = position
        var magnitude: UInt64 = 0
        var overflow = false
        while position < bytes.count, let digit = digitValue(bytes[position]) {
            let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(digit))
            overflow = overflow || o1 || o2
            magnitude = sum
            position += 1
        }
        let digitCount = position - integerStart
        guard digitCount > 0 else { throw error("a number needs digits") }
        if digitCount > 1, bytes[integerStart] == UInt8(ascii: "0") {
            throw error("numbers must not have leading zeros")
        }
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            let fractionStart = position
            while position < bytes.count, digitValue(bytes[position]) != nil { position += 1 }
            guard position > fractionStart else { throw error("a fraction needs digits") }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            let exponentStart = position
            while position < bytes.count, digitValue(bytes[position]) != nil { position += 1 }
            guard position > exponentStart else { throw error("an exponent needs digits") }
        }
        if isInteger, !overflow {
            if isNegative, magnitude <= UInt64(Int64.max) + 1 {
                return .integer(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
            }
            if !isNegative, magnitude <= UInt64(Int64.max) { return .integer(Int64(magnitude)) }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        if isInteger, let wide = HRWideInteger(text) { return .wideInteger(wide) }
        guard let number = Double(text) else { throw error("invalid number '\(text)'") }
        return .real(number)
    }

    private func digitValue(_ byte: UInt8) -> UInt8? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : nil
    }
}
