import CodingCore
import Foundation

/// Reads an XML property list into an ``HRValue`` tree, straight from the UTF-8 bytes.
///
/// Accepts the XML declaration, DOCTYPE, comments, `<plist>` wrapper (optional), entity and
/// character references and CDATA sections. Nesting is limited to `maximumDepth` levels.
struct HRXMLPlistParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let maximumDepth: Int
    private var stackSpace = StackSpace()
    private var position = 0
    /// Entries of the `<dict>`s being read, innermost last (see `HRDictionaryBuilder`).
    private var pendingEntries: [(key: String, value: HRValue)] = []
    /// Whether some `<dict>` has an `$alias` key.
    private var aliasKeyFound = false

    private init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// Parses one complete XML property list document.
    /// `aliasKeyFound` is set when some `<dict>` has an `$alias` key.
    static func parse(_ data: Data, maximumDepth: Int, aliasKeyFound: inout Bool) throws -> HRValue {
        try data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            if let invalid = UTF8Validation.firstInvalidOffset(bytes) {
                throw HRCoderError.invalidXML(offset: invalid, reason: "bytes that are not valid UTF-8")
            }
            var parser = HRXMLPlistParser(bytes: bytes, maximumDepth: maximumDepth)
            let value = try parser.parseDocument()
            aliasKeyFound = parser.aliasKeyFound
            return value
        }
    }

    private func error(_ reason: String) -> HRCoderError {
        .invalidXML(offset: position, reason: reason)
    }

    private mutating func parseDocument() throws -> HRValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        try skipMisc()
        let value: HRValue
        if hasPrefix("<plist") {
            position += 6
            try skipAttributes()
            guard consume(">") else { throw error("an empty <plist/> holds no value") }
            value = try parseValue(depth: 0)
            try skipMisc()
            guard consume("</plist>") else { throw error("expected </plist>") }
        } else {
            value = try parseValue(depth: 0)
        }
        try skipMisc()
        guard position == bytes.count else { throw error("unexpected content after the end of the property list") }
        return value
    }

    // MARK: Low-level reading

    private func hasPrefix(_ text: String) -> Bool {
        var index = position
        for byte in text.utf8 {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
        }
        return true
    }

    private mutating func consume(_ text: String) -> Bool {
        guard hasPrefix(text) else { return false }
        position += text.utf8.count
        return true
    }

    private mutating func skip(past terminator: String, what: String) throws {
        while position < bytes.count {
            if consume(terminator) { return }
            position += 1
        }
        throw error("unterminated \(what)")
    }

    private mutating func skipWhitespace() {
        while position < bytes.count,
            bytes[position] == 0x20 || bytes[position] == 0x0A || bytes[position] == 0x0D || bytes[position] == 0x09
        {
            position += 1
        }
    }

    /// Skips whitespace, comments, processing instructions and DOCTYPE declarations.
    private mutating func skipMisc() throws {
        while true {
            skipWhitespace()
            if consume("<!--") {
                try skip(past: "-->", what: "comment")
            } else if consume("<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if consume("<!DOCTYPE") {
                try skipDoctype()
            } else {
                return
            }
        }
    }

    private mutating func skipDoctype() throws {
        var bracketDepth = 0
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "[") { bracketDepth += 1 }
            if byte == UInt8(ascii: "]") { bracketDepth -= 1 }
            if byte == UInt8(ascii: ">"), bracketDepth <= 0 { return }
        }
        throw error("unterminated DOCTYPE")
    }

    /// Skips the attributes of a start tag, stopping before `>` or `/>`.
    private mutating func skipAttributes() throws {
        var quote: UInt8?
        while position < bytes.count {
            let byte = bytes[position]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") || (byte == UInt8(ascii: "/") && hasPrefix("/>")) {
                return
            }
            position += 1
        }
        throw error("unterminated tag")
    }

    /// Reads a start tag: its name and whether it closes itself (`<true/>`).
    private mutating func readStartTag() throws -> (name: String, isEmpty: Bool) {
        guard consume("<") else {
            throw error(
                position < bytes.count
                    ? "expected an element, found text" : "unexpected end of input, expected an element")
        }
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == 0x20 || byte == 0x09 || byte == 0x0A
                || byte == 0x0D
            {
                break
            }
            position += 1
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard !name.isEmpty else { throw error("an element needs a name") }
        try skipAttributes()
        if consume("/>") { return (name, true) }
        guard consume(">") else { throw error("unterminated <\(name)> tag") }
        return (name, false)
    }

    /// Reads the text of an element up to and including its end tag `</name>`.
    private mutating func readText(closing name: String) throws -> String {
        let start = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "<"), bytes[position] != UInt8(ascii: "&") {
            position += 1
        }
        if consume("</\(name)>") {
            return String(
                decoding: UnsafeBufferPointer(rebasing: bytes[start..<(position - name.utf8.count - 3)]), as: UTF8.self)
        }
        var utf8 = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "&") {
                utf8.append(contentsOf: try readReference())
            } else if byte == UInt8(ascii: "<") {
                if consume("</\(name)>") { return String(decoding: utf8, as: UTF8.self) }
                if consume("<![CDATA[") {
                    let cdataStart = position
                    try skip(past: "]]>", what: "CDATA section")
                    utf8.append(contentsOf: bytes[cdataStart..<(position - 3)])
                } else if consume("<!--") {
                    try skip(past: "-->", what: "comment")
                } else {
                    throw error("unexpected element inside <\(name)>")
                }
            } else {
                utf8.append(byte)
                position += 1
            }
        }
        throw error("unterminated <\(name)> element")
    }

    /// The UTF-8 bytes of an entity or character reference at `&`.
    private mutating func readReference() throws -> [UInt8] {
        let start = position
        position += 1
        while position < bytes.count, bytes[position] != UInt8(ascii: ";"), position - start < 12 { position += 1 }
        guard position < bytes.count, bytes[position] == UInt8(ascii: ";") else {
            position = start
            throw error("unterminated entity reference")
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<position]), as: UTF8.self)
        position += 1
        switch name {
        case "amp": return [UInt8(ascii: "&")]
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default:
            var code: UInt32?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                code = UInt32(name.dropFirst(2), radix: 16)
            } else if name.hasPrefix("#") {
                code = UInt32(name.dropFirst())
            }
            guard let code, let scalar = Unicode.Scalar(code) else {
                position = start
                if let code, (0xD800...0xDFFF).contains(code) {
                    throw error("'&\(name);' is a lone surrogate, not a character")
                }
                throw error("unknown entity '&\(name);'")
            }
            return Array(String(Character(scalar)).utf8)
        }
    }

    // MARK: Values

    private mutating func parseValue(depth: Int) throws -> HRValue {
        try skipMisc()
        let tagStart = position
        let (name, isEmpty) = try readStartTag()
        switch name {
        case "dict":
            try checkDepth(depth + 1, at: tagStart)
            return isEmpty ? .dictionary([:]) : try parseDictionary(depth: depth + 1)
        case "array":
            try checkDepth(depth + 1, at: tagStart)
            return isEmpty ? .array([]) : try parseArray(depth: depth + 1)
        case "true", "false":
            if !isEmpty {
                skipWhitespace()
                guard consume("</\(name)>") else { throw error("expected </\(name)>") }
            }
            return .bool(name == "true")
        case "string", "integer", "real", "date", "data":
            let text = isEmpty ? "" : try readText(closing: name)
            return try scalar(name, text, at: tagStart)
        case "key":
            position = tagStart
            throw error("<key> outside a <dict>")
        default:
            position = tagStart
            throw error("unknown element <\(name)>")
        }
    }

    private mutating func checkDepth(_ depth: Int, at offset: Int) throws {
        if depth > maximumDepth { throw HRCoderError.nestingTooDeep(limit: maximumDepth, offset: offset) }
        if stackSpace.isRunningOut(atDepth: depth) {
            throw HRCoderError.stackExhausted(depth: depth, offset: offset)
        }
    }

    private mutating func parseArray(depth: Int) throws -> HRValue {
        var items: [HRValue] = []
        while true {
            try skipMisc()
            if consume("</array>") { return .array(items) }
            items.append(try parseValue(depth: depth))
        }
    }

    private mutating func parseDictionary(depth: Int) throws -> HRValue {
        let first = pendingEntries.count
        while true {
            try skipMisc()
            if consume("</dict>") {
                return .dictionary(
                    HRDictionaryBuilder.take(&pendingEntries, from: first, aliasKeyFound: &aliasKeyFound))
            }
            let tagStart = position
            let (name, isEmpty) = try readStartTag()
            guard name == "key" else {
                position = tagStart
                throw error("expected <key> in a <dict>, found <\(name)>")
            }
            let key = isEmpty ? "" : try readText(closing: "key")
            pendingEntries.append((key, try parseValue(depth: depth)))
        }
    }

    private func scalar(_ kind: String, _ text: String, at offset: Int) throws -> HRValue {
        func failure(_ reason: String) -> HRCoderError { .invalidXML(offset: offset, reason: reason) }
        switch kind {
        case "string":
            return .string(text)
        case "integer":
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if let value = Int64(trimmed) { return .integer(value) }
            if let value = HRWideInteger(trimmed) { return .wideInteger(value) }
            if trimmed.hasPrefix("0x") || trimmed.hasPrefix("0X"), let value = Int64(trimmed.dropFirst(2), radix: 16) {
                return .integer(value)
            }
            throw failure("'\(trimmed)' is not an <integer> from Int128.min to UInt128.max")
        case "real":
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            switch trimmed.lowercased() {
            case "nan": return .real(.nan)
            case "+infinity", "infinity", "inf", "+inf": return .real(.infinity)
            case "-infinity", "-inf": return .real(-.infinity)
            default:
                guard let value = Double(trimmed) else { throw failure("'\(trimmed)' is not a <real>") }
                return .real(value)
            }
        case "date":
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let seconds = PlistDate.seconds(from: trimmed) else {
                throw failure("'\(trimmed)' is not a <date> (yyyy-MM-ddTHH:mm:ssZ)")
            }
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        default:
            let compact = String(text.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) })
            guard let data = Data(base64Encoded: compact) else { throw failure("<data> is not valid base64") }
            return .data(data)
        }
    }
}
