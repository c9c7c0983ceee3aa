/// Reads the tags and texts of an XML property list, straight from its UTF-8 bytes: the one
/// place in the suite that knows XML's syntax.
///
/// Readers ask for the next tag and for an element's text, and build what they need from
/// them (a keyed archive's flat tables, an HRCoder tree). The whole input is checked to be
/// UTF-8 first; the XML declaration, the DOCTYPE (internal subset included), comments and
/// processing instructions are skipped between elements, and comments inside text too; entity
/// and character references and CDATA sections are decoded. Nesting and counts are the
/// reader's to bound, since what is safe depends on what it builds.
package struct XMLPlistScanner {
    /// A start or end tag.
    package struct Tag {
        package let element: XMLPlistElement
        /// Where its name lies in the input (see ``XMLPlistScanner/name(of:)``).
        package let name: Range<Int>
        /// `</name>`.
        package let isClosing: Bool
        /// `<name/>`.
        package let isEmpty: Bool
        /// The offset of its `<`.
        package let start: Int
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    package private(set) var position = 0

    /// Checks that `bytes` (the whole document) are UTF-8 and skips a byte-order mark.
    ///
    /// - Throws: ``PlistFault`` at the first byte that is not valid UTF-8.
    package init(_ bytes: UnsafeBufferPointer<UInt8>) throws(PlistFault) {
        if let invalid = UTF8Validation.firstInvalidOffset(bytes) {
            throw PlistFault(offset: invalid, reason: "bytes that are not valid UTF-8")
        }
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    /// Whether `bytes` start (after a byte-order mark and blanks) with `<`.
    package static func looksLikeXML(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, isBlank(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: "<")
    }

    /// The line (from 1) of byte `offset` of `bytes`, for messages (a reader's fault may come
    /// before any scanner was made: bytes that are not UTF-8).
    package static func line(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        1 + bytes[..<min(max(offset, 0), bytes.count)].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    @inline(__always)
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private func fault(_ reason: String, at offset: Int? = nil) -> PlistFault {
        PlistFault(offset: offset ?? position, reason: reason)
    }

    private func hasPrefix(_ text: StaticString, at offset: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        let pattern = text.utf8Start
        for index in 0..<count where bytes[offset + index] != pattern[index] { return false }
        return true
    }

    private mutating func consume(_ text: StaticString) -> Bool {
        guard hasPrefix(text, at: position) else { return false }
        position += text.utf8CodeUnitCount
        return true
    }

    /// Moves past `terminator`; `start` is where the construct it ends began (for the fault).
    private mutating func skip(past terminator: StaticString, _ what: String, from start: Int) throws(PlistFault) {
        while position < bytes.count {
            if consume(terminator) { return }
            position += 1
        }
        throw fault("unterminated \(what)", at: start)
    }

    private mutating func skipBlanks() {
        while position < bytes.count, Self.isBlank(bytes[position]) { position += 1 }
    }

    /// Skips blanks, comments, processing instructions and DOCTYPE declarations.
    private mutating func skipMisc() throws(PlistFault) {
        while true {
            skipBlanks()
            let start = position
            if consume("<!--") {
                try skip(past: "-->", "comment", from: start)
            } else if consume("<?") {
                try skip(past: "?>", "processing instruction", from: start)
            } else if hasPrefix("<!", at: position), !hasPrefix("<![CDATA[", at: position) {
                try skipDeclaration()
            } else {
                return
            }
        }
    }

    /// Skips `<!DOCTYPE …>` and its internal subset in brackets.
    private mutating func skipDeclaration() throws(PlistFault) {
        let start = position
        var brackets = 0
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "[") { brackets += 1 }
            if byte == UInt8(ascii: "]") { brackets -= 1 }
            if byte == UInt8(ascii: ">"), brackets <= 0 { return }
        }
        throw fault("unterminated declaration", at: start)
    }

    /// The next start or end tag, after whatever may stand between elements.
    ///
    /// - Throws: ``PlistFault`` at text between elements, the end of the input, or a tag
    ///   that is not closed.
    package mutating func nextTag() throws(PlistFault) -> Tag {
        try skipMisc()
        guard position < bytes.count else { throw fault("unexpected end of input; expected an element") }
        guard bytes[position] == UInt8(ascii: "<") else { throw fault("unexpected text between elements") }
        let start = position
        position += 1
        let isClosing = consume("/")
        let nameStart = position
        while position < bytes.count, !Self.isBlank(bytes[position]), bytes[position] != UInt8(ascii: ">"),
            bytes[position] != UInt8(ascii: "/")
        {
            position += 1
        }
        let name = nameStart..<position
        guard !name.isEmpty else { throw fault("an element without a name", at: start) }
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
        guard position < bytes.count else { throw fault("unterminated tag <\(string(name))", at: start) }
        let isEmpty = !isClosing && bytes[position - 1] == UInt8(ascii: "/")
        position += 1
        let element = XMLPlistElement(name: UnsafeBufferPointer(rebasing: bytes[name]))
        return Tag(element: element, name: name, isClosing: isClosing, isEmpty: isEmpty, start: start)
    }

    /// The name of `tag`, for messages.
    package func name(of tag: Tag) -> String { string(tag.name) }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The text of the element `tag` opened, up to its end tag (consumed), with references and
    /// CDATA sections decoded and comments left out; empty for an empty tag (`<name/>`).
    ///
    /// - Throws: ``PlistFault`` at an element inside the text, an unknown or invalid
    ///   reference, or a missing end tag.
    package mutating func text(of tag: Tag) throws(PlistFault) -> String {
        guard !tag.isEmpty else { return "" }
        let name = tag.name
        let textStart = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "<"), bytes[position] != UInt8(ascii: "&") {
            position += 1
        }
        // Most texts have no reference, CDATA or comment: made straight from the input.
        let plain = position
        if closes(name) { return string(textStart..<plain) }
        var utf8 = Array(bytes[textStart..<position])
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "&") {
                utf8.append(contentsOf: try reference())
            } else if byte != UInt8(ascii: "<") {
                utf8.append(byte)
                position += 1
            } else if consume("<![CDATA[") {
                let cdataStart = position
                try skip(past: "]]>", "CDATA section", from: cdataStart - 9)
                utf8.append(contentsOf: bytes[cdataStart..<(position - 3)])
            } else if consume("<!--") {
                try skip(past: "-->", "comment", from: position - 4)
            } else if closes(name) {
                return String(decoding: utf8, as: UTF8.self)
            } else {
                throw fault("<\(string(name))> holds an element; expected text and </\(string(name))>")
            }
        }
        throw fault("unterminated <\(string(name))>", at: tag.start)
    }

    /// Consumes `</name>` (blanks allowed before `>`), `name` being the bytes of an open tag's
    /// name, when it stands at the position.
    private mutating func closes(_ name: Range<Int>) -> Bool {
        guard position + 2 + name.count <= bytes.count, hasPrefix("</", at: position) else { return false }
        var index = position + 2
        for byte in bytes[name] {
            guard bytes[index] == byte else { return false }
            index += 1
        }
        while index < bytes.count, Self.isBlank(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { return false }
        position = index + 1
        return true
    }

    /// The UTF-8 bytes of the entity or character reference at `&`.
    private mutating func reference() throws(PlistFault) -> [UInt8] {
        let start = position
        var end = position + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: ";"), end - start < 12 { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else { throw fault("unterminated entity reference") }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end]), as: UTF8.self)
        position = end + 1
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
                if let code, (0xD800...0xDFFF).contains(code) {
                    throw fault("'&\(name);' is a lone surrogate, not a character", at: start)
                }
                throw fault("unknown entity '&\(name);'", at: start)
            }
            return Array(String(Character(scalar)).utf8)
        }
    }

    /// Checks that only blanks, comments and NUL padding follow the top element.
    package mutating func expectEnd() throws(PlistFault) {
        while true {
            try skipMisc()
            guard position < bytes.count else { return }
            guard bytes[position] == 0 else { throw fault("unexpected content after the end of the property list") }
            position += 1
        }
    }
}
