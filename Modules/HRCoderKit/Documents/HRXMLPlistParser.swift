import CodingCore
import Foundation

/// Reads an XML property list into an ``HRValue`` tree, with CodingCore's ``XMLPlistScanner``
/// reading the tags and texts.
///
/// Accepts the XML declaration, DOCTYPE, comments, `<plist>` wrapper (optional), entity and
/// character references and CDATA sections. Nesting is limited to `maximumDepth` levels.
struct HRXMLPlistParser {
    private var scanner: XMLPlistScanner
    private let maximumDepth: Int
    private var stackSpace = StackSpace()
    /// Entries of the `<dict>`s being read, innermost last (see `HRDictionaryBuilder`).
    private var pendingEntries: [(key: String, value: HRValue)] = []
    /// Whether some `<dict>` has an `$alias` key.
    private var aliasKeyFound = false

    private init(scanner: XMLPlistScanner, maximumDepth: Int) {
        self.scanner = scanner
        self.maximumDepth = maximumDepth
    }

    /// Parses one complete XML property list document.
    /// `aliasKeyFound` is set when some `<dict>` has an `$alias` key.
    static func parse(_ data: Data, maximumDepth: Int, aliasKeyFound: inout Bool) throws -> HRValue {
        try data.withUnsafeBytes { raw in
            do {
                let scanner = try XMLPlistScanner(raw.bindMemory(to: UInt8.self))
                var parser = HRXMLPlistParser(scanner: scanner, maximumDepth: maximumDepth)
                let value = try parser.parseDocument()
                aliasKeyFound = parser.aliasKeyFound
                return value
            } catch let fault as PlistFault {
                throw HRCoderError.invalidXML(offset: fault.offset, reason: fault.reason)
            }
        }
    }

    private func error(_ reason: String, at offset: Int) -> HRCoderError {
        .invalidXML(offset: offset, reason: reason)
    }

    private mutating func parseDocument() throws -> HRValue {
        let first = try scanner.nextTag()
        guard first.name == "plist", !first.isClosing else {
            let value = try parseValue(first, depth: 0)
            try scanner.expectEnd()
            return value
        }
        guard !first.isEmpty else { throw error("an empty <plist/> holds no value", at: first.start) }
        let value = try parseValue(try scanner.nextTag(), depth: 0)
        let end = try scanner.nextTag()
        guard end.isClosing, end.name == "plist" else { throw error("expected </plist>", at: end.start) }
        try scanner.expectEnd()
        return value
    }

    private mutating func parseValue(_ tag: XMLPlistScanner.Tag, depth: Int) throws -> HRValue {
        guard !tag.isClosing else { throw error("unexpected </\(tag.name)>", at: tag.start) }
        switch tag.name {
        case "dict":
            try checkDepth(depth + 1, at: tag.start)
            return tag.isEmpty ? .dictionary([:]) : try parseDictionary(depth: depth + 1)
        case "array":
            try checkDepth(depth + 1, at: tag.start)
            return tag.isEmpty ? .array([]) : try parseArray(depth: depth + 1)
        case "true", "false":
            if !tag.isEmpty, !XMLPlistScalars.trimmed(try scanner.text(closing: tag.name, start: tag.start)).isEmpty {
                throw error("<\(tag.name)> holds text", at: tag.start)
            }
            return .bool(tag.name == "true")
        case "string", "integer", "real", "date", "data":
            let text = tag.isEmpty ? "" : try scanner.text(closing: tag.name, start: tag.start)
            return try scalar(tag.name, text, at: tag.start)
        case "key":
            throw error("<key> outside a <dict>", at: tag.start)
        default:
            throw error("unknown element <\(tag.name)>", at: tag.start)
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
            let tag = try scanner.nextTag()
            if tag.isClosing {
                guard tag.name == "array" else { throw error("</\(tag.name)> closes an <array>", at: tag.start) }
                return .array(items)
            }
            items.append(try parseValue(tag, depth: depth))
        }
    }

    private mutating func parseDictionary(depth: Int) throws -> HRValue {
        let first = pendingEntries.count
        while true {
            let tag = try scanner.nextTag()
            if tag.isClosing {
                guard tag.name == "dict" else { throw error("</\(tag.name)> closes a <dict>", at: tag.start) }
                return .dictionary(
                    HRDictionaryBuilder.take(&pendingEntries, from: first, aliasKeyFound: &aliasKeyFound))
            }
            guard tag.name == "key" else {
                throw error("expected <key> in a <dict>, found <\(tag.name)>", at: tag.start)
            }
            let key = tag.isEmpty ? "" : try scanner.text(closing: "key", start: tag.start)
            pendingEntries.append((key, try parseValue(try scanner.nextTag(), depth: depth)))
        }
    }

    private func scalar(_ kind: String, _ text: String, at offset: Int) throws -> HRValue {
        func failure(_ reason: String) -> HRCoderError { .invalidXML(offset: offset, reason: reason) }
        switch kind {
        case "string":
            return .string(text)
        case "integer":
            let trimmed = XMLPlistScalars.trimmed(text)
            if let value = Int64(trimmed) { return .integer(value) }
            if let value = HRWideInteger(trimmed) { return .wideInteger(value) }
            if trimmed.hasPrefix("0x") || trimmed.hasPrefix("0X"), let value = Int64(trimmed.dropFirst(2), radix: 16) {
                return .integer(value)
            }
            throw failure("'\(trimmed)' is not an <integer> from Int128.min to UInt128.max")
        case "real":
            let trimmed = XMLPlistScalars.trimmed(text)
            guard let value = XMLPlistScalars.real(trimmed) else { throw failure("'\(trimmed)' is not a <real>") }
            return .real(value)
        case "date":
            let trimmed = XMLPlistScalars.trimmed(text)
            guard let seconds = PlistDate.seconds(from: trimmed) else {
                throw failure("'\(trimmed)' is not a <date> (yyyy-MM-ddTHH:mm:ssZ)")
            }
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        default:
            guard let data = XMLPlistScalars.data(text) else { throw failure("<data> is not valid base64") }
            return .data(data)
        }
    }
}
