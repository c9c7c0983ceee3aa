import CodingCore
import Foundation

/// Reads an XML property list into a ``PlistDocument``, without recursion and with a nesting
/// limit, turning `{"CF$UID": n}` dictionaries into UIDs as CoreFoundation does.
///
/// Objects are numbered in document order; each distinct `<key>` text becomes one string
/// object that every dictionary using it refers to.
struct XMLPlistReader {
    /// An open `<array>` or `<dict>`: its object, where its tag starts, and where its children
    /// begin on the shared ``children`` stack (a dictionary's as key, value, key, value...).
    private struct Frame {
        var index: Int
        var start: Int
        var isDictionary: Bool
        var firstChild: Int
        /// The key object read for the value that comes next (dictionaries).
        var pendingKey: Int?
    }

    private let bytes: UnsafeRawBufferPointer
    private let maximumDepth: Int
    private var position = 0
    private var objects: [PlistObject] = []
    private var references: [UInt32] = []
    private var strings: [String] = []
    private var data: [Data] = []
    /// The children of every open container, innermost last; moved to the pool on close.
    private var children: [UInt32] = []
    /// Key objects by their bytes (not `==`, which is canonical equivalence): a document's keys
    /// repeat, and each text is stored once.
    private var keyObjects: [UTF8StringKey: Int] = [:]

    init(_ bytes: UnsafeRawBufferPointer, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// Whether the bytes start (after blanks and a byte-order mark) with `<`.
    static func looksLikeXML(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        while index < bytes.count, isBlank(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: "<")
    }

    private func line(at offset: Int) -> Int {
        1 + bytes[..<min(offset, bytes.count)].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    private func fail(_ reason: String, at offset: Int? = nil) -> KeyedArchiveError {
        .malformedXMLPlist(line: line(at: offset ?? position), reason: reason)
    }

    // MARK: Lexing

    private struct Tag {
        var name: String
        var closing: Bool
        var selfClosing: Bool
        var start: Int
    }

    @inline(__always)
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private mutating func skipBlanks() {
        while position < bytes.count, Self.isBlank(bytes[position]) { position += 1 }
    }

    private func starts(with text: StaticString, at offset: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        let pattern = text.utf8Start
        for index in 0..<count where bytes[offset + index] != pattern[index] { return false }
        return true
    }

    private mutating func skip(past terminator: StaticString, _ what: String) throws {
        let start = position
        while position < bytes.count, !starts(with: terminator, at: position) { position += 1 }
        guard position < bytes.count else { throw fail("unterminated \(what)", at: start) }
        position += terminator.utf8CodeUnitCount
    }

    /// Skips blanks, comments, processing instructions and the DOCTYPE; then reads a tag.
    private mutating func nextTag() throws -> Tag {
        while true {
            skipBlanks()
            guard position < bytes.count else { throw fail("unexpected end of input; expected an element") }
            guard bytes[position] == UInt8(ascii: "<") else { throw fail("unexpected text between elements") }
            if starts(with: "<!--", at: position) {
                try skip(past: "-->", "comment")
            } else if starts(with: "<?", at: position) {
                try skip(past: "?>", "processing instruction")
            } else if starts(with: "<!", at: position) {
                try skip(past: ">", "declaration")
            } else {
                break
            }
        }
        let start = position
        position += 1
        let closing = position < bytes.count && bytes[position] == UInt8(ascii: "/")
        if closing { position += 1 }
        let nameStart = position
        while position < bytes.count, !Self.isBlank(bytes[position]), bytes[position] != UInt8(ascii: ">"),
            bytes[position] != UInt8(ascii: "/")
        {
            position += 1
        }
        let name = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[nameStart..<position]), as: UTF8.self)
        // Attributes (plist version="1.0") are skipped; quoted values may hold '>'.
        var quote: UInt8?
        while position < bytes.count {
            let byte = bytes[position]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                break
            }
            position += 1
        }
        guard position < bytes.count else { throw fail("unterminated tag <\(name)", at: start) }
        let selfClosing = position > start && bytes[position - 1] == UInt8(ascii: "/") && !closing
        position += 1
        guard !name.isEmpty else { throw fail("an element without a name", at: start) }
        return Tag(name: name, closing: closing, selfClosing: selfClosing, start: start)
    }

    /// The text up to `</name>`, entities decoded; consumes the closing tag.
    private mutating func text(closing name: String, start: Int) throws -> String {
        var result: [UInt8] = []
        while true {
            guard position < bytes.count else { throw fail("unterminated <\(name)>", at: start) }
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") {
                if starts(with: "<![CDATA[", at: position) {
                    position += 9
                    let contentStart = position
                    try skip(past: "]]>", "CDATA section")
                    result += bytes[contentStart..<(position - 3)]
                    continue
                }
                let tag = try nextTag()
                guard tag.closing, tag.name == name else {
                    throw fail("<\(name)> holds an element <\(tag.name)>; expected text and </\(name)>", at: tag.start)
                }
                return String(decoding: result, as: UTF8.self)
            }
            if byte == UInt8(ascii: "&") {
                result += Array(try entity().utf8)
                continue
            }
            result.append(byte)
            position += 1
        }
    }

    private mutating func entity() throws -> String {
        let start = position
        guard let end = bytes[position...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
            throw fail("unterminated entity", at: start)
        }
        let name = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(position + 1)..<end]), as: UTF8.self)
        position = end + 1
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            var digits = Substring(name)
            var radix = 10
            guard digits.hasPrefix("#") else { throw fail("unknown entity &\(name);", at: start) }
            digits = digits.dropFirst()
            if digits.hasPrefix("x") || digits.hasPrefix("X") {
                radix = 16
                digits = digits.dropFirst()
            }
            guard let code = UInt32(digits, radix: radix), let scalar = Unicode.Scalar(code) else {
                throw fail("invalid character reference &\(name);", at: start)
            }
            return String(Character(scalar))
        }
    }

    // MARK: Values

    private mutating func append(_ object: PlistObject) throws -> Int {
        guard objects.count < PlistDocument.maximumCount else {
            throw fail("more than \(PlistDocument.maximumCount) objects")
        }
        objects.append(object)
        return objects.count - 1
    }

    private mutating func appendString(_ text: String) -> PlistObject {
        strings.append(text)
        return .string(UInt32(truncatingIfNeeded: strings.count - 1))
    }

    private mutating func scalar(_ tag: Tag) throws -> PlistObject {
        switch tag.name {
        case "true", "false":
            if !tag.selfClosing { _ = try text(closing: tag.name, start: tag.start) }
            return .bool(tag.name == "true")
        default:
            break
        }
        let content = tag.selfClosing ? "" : try text(closing: tag.name, start: tag.start)
        switch tag.name {
        case "string":
            return appendString(content)
        case "integer":
            let trimmed = content.trimmingCharacters(in: .whitespacesAndNewlines)
            if let value = Int64(trimmed) {
                return .integer(value, width: Self.width(of: value))
            }
            if let value = UInt64(trimmed) { return .unsignedInteger(value) }
            if trimmed.hasPrefix("0x"), let value = UInt64(trimmed.dropFirst(2), radix: 16) {
                return value <= UInt64(Int64.max)
                    ? .integer(Int64(value), width: Self.width(of: Int64(value)))
                    : .unsignedInteger(value)
            }
            throw fail("'\(trimmed.prefix(40))' is not a 64-bit <integer>", at: tag.start)
        case "real":
            let trimmed = content.trimmingCharacters(in: .whitespacesAndNewlines)
            let special: [String: Double] = [
                "nan": .nan, "inf": .infinity, "+infinity": .infinity,
                "infinity": .infinity, "-inf": -.infinity, "-infinity": -.infinity,
            ]
            guard let value = special[trimmed.lowercased()] ?? Double(trimmed) else {
                throw fail("'\(trimmed.prefix(40))' is not a <real>", at: tag.start)
            }
            return .real(value, width: 8)
        case "date":
            let trimmed = content.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let seconds = PlistDate.seconds(from: trimmed) else {
                throw fail("'\(trimmed.prefix(40))' is not a <date> (YYYY-MM-DDTHH:MM:SSZ)", at: tag.start)
            }
            return .date(seconds)
        case "data":
            let compact = content.filter { !$0.isWhitespace }
            guard let data = Data(base64Encoded: compact) else {
                throw fail("<data> is not valid base64", at: tag.start)
            }
            self.data.append(data)
            return .data(UInt32(truncatingIfNeeded: self.data.count - 1))
        default:
            throw fail("unknown element <\(tag.name)>", at: tag.start)
        }
    }

    static func width(of value: Int64) -> UInt8 {
        switch value {
        case 0...0xFF: 1
        case 0...0xFFFF: 2
        case 0...0xFFFF_FFFF: 4
        default: 8
        }
    }

    mutating func read() throws -> PlistDocument {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        var tag = try nextTag()
        let wrapped = tag.name == "plist" && !tag.closing
        if wrapped {
            guard !tag.selfClosing else { throw fail("empty <plist/>", at: tag.start) }
            tag = try nextTag()
        }
        var stack: [Frame] = []
        var root: Int?
        while true {
            var finished: Int?
            if tag.closing {
                guard let frame = stack.popLast() else { throw fail("unexpected </\(tag.name)>", at: tag.start) }
                finished = try close(frame, with: tag)
            } else if tag.name == "key" {
                guard let frame = stack.last, frame.isDictionary, frame.pendingKey == nil else {
                    throw fail("<key> outside a <dict> or after another <key>", at: tag.start)
                }
                let key = tag.selfClosing ? "" : try text(closing: "key", start: tag.start)
                stack[stack.count - 1].pendingKey = try keyObject(key)
            } else if tag.name == "array" || tag.name == "dict" {
                let index = try append(.null)
                if tag.selfClosing {
                    objects[index] = tag.name == "array" ? .array(.empty) : .dictionary(.empty)
                    finished = index
                } else {
                    guard stack.count < maximumDepth else {
                        throw KeyedArchiveError.nestingTooDeep(
                            limit: maximumDepth, place: "XML line \(line(at: tag.start))")
                    }
                    stack.append(
                        Frame(
                            index: index, start: tag.start, isDictionary: tag.name == "dict",
                            firstChild: children.count))
                }
            } else {
                finished = try append(try scalar(tag))
            }
            if let finished {
                if let frame = stack.last {
                    if frame.isDictionary {
                        guard let key = frame.pendingKey else {
                            throw fail("a value in a <dict> without a <key>", at: tag.start)
                        }
                        children.append(UInt32(key))
                        stack[stack.count - 1].pendingKey = nil
                    }
                    children.append(UInt32(finished))
                } else {
                    root = finished
                }
            }
            if let root {
                if wrapped {
                    let end = try nextTag()
                    guard end.closing, end.name == "plist" else { throw fail("expected </plist>", at: end.start) }
                }
                try expectEnd()
                return PlistDocument(
                    objects: objects, references: references, strings: strings, data: data, top: root)
            }
            tag = try nextTag()
        }
    }

    /// The object of key text `key`, made the first time the text is met.
    private mutating func keyObject(_ key: String) throws -> Int {
        if let known = keyObjects[UTF8StringKey(key)] { return known }
        let index = try append(appendString(key))
        keyObjects[UTF8StringKey(key)] = index
        return index
    }

    /// Ends `frame`: its children move from the stack to the pool, a dictionary's keys first.
    private mutating func close(_ frame: Frame, with tag: Tag) throws -> Int {
        let childCount = children.count - frame.firstChild
        defer { children.removeSubrange(frame.firstChild...) }
        guard frame.isDictionary else {
            guard tag.name == "array" else { throw fail("</\(tag.name)> closes an <array>", at: tag.start) }
            guard childCount <= PlistDocument.maximumCount - references.count else {
                throw fail("more than \(PlistDocument.maximumCount) object references in all", at: frame.start)
            }
            let list = PlistList(start: references.count, count: childCount)
            references.append(contentsOf: children[frame.firstChild...])
            objects[frame.index] = .array(list)
            return frame.index
        }
        guard tag.name == "dict" else { throw fail("</\(tag.name)> closes a <dict>", at: tag.start) }
        guard frame.pendingKey == nil else { throw fail("<key> without a value at the end of a <dict>", at: tag.start) }
        let count = childCount / 2
        if count == 1, case .string(let key) = objects[Int(children[frame.firstChild])], strings[Int(key)] == "CF$UID",
            case .integer(let value, _) = objects[Int(children[frame.firstChild + 1])], value >= 0
        {
            objects[frame.index] = .uid(UInt64(value))
            return frame.index
        }
        guard childCount <= PlistDocument.maximumCount - references.count else {
            throw fail("more than \(PlistDocument.maximumCount) object references in all", at: frame.start)
        }
        let dictionary = PlistDictionary(start: references.count, count: count)
        for position in stride(from: frame.firstChild, to: children.count, by: 2) {
            references.append(children[position])
        }
        for position in stride(from: frame.firstChild + 1, to: children.count, by: 2) {
            references.append(children[position])
        }
        objects[frame.index] = .dictionary(dictionary)
        return frame.index
    }

    private mutating func expectEnd() throws {
        while true {
            skipBlanks()
            guard position < bytes.count else { return }
            if starts(with: "<!--", at: position) {
                try skip(past: "-->", "comment")
            } else if bytes[position] == 0 {
                position += 1
            } else {
                throw fail("unexpected content after the end of the property list")
            }
        }
    }
}
