import CodingCore
import Foundation

/// Reads an XML property list into a ``PlistDocument``, without recursion and with a nesting
/// limit, turning `{"CF$UID": n}` dictionaries into UIDs as CoreFoundation does. CodingCore's
/// ``XMLPlistScanner`` reads the tags and texts.
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

    private var scanner: XMLPlistScanner
    private let maximumDepth: Int
    private var objects: [PlistObject] = []
    private var references: [UInt32] = []
    private var strings: [String] = []
    private var data: [Data] = []
    /// The children of every open container, innermost last; moved to the pool on close.
    private var children: [UInt32] = []
    /// Key objects by their bytes (not `==`, which is canonical equivalence): a document's keys
    /// repeat, and each text is stored once.
    private var keyObjects: [UTF8StringKey: Int] = [:]

    private init(scanner: XMLPlistScanner, maximumDepth: Int) {
        self.scanner = scanner
        self.maximumDepth = maximumDepth
    }

    /// Reads the XML property list in `bytes`.
    static func read(_ bytes: UnsafeRawBufferPointer, maximumDepth: Int) throws -> PlistDocument {
        let utf8 = bytes.bindMemory(to: UInt8.self)
        do {
            var reader = XMLPlistReader(scanner: try XMLPlistScanner(utf8), maximumDepth: maximumDepth)
            return try reader.read()
        } catch let fault as PlistFault {
            throw KeyedArchiveError.malformedXMLPlist(
                line: XMLPlistScanner.line(at: fault.offset, in: utf8), reason: fault.reason)
        }
    }

    private func fail(_ reason: String, at offset: Int? = nil) -> PlistFault {
        PlistFault(offset: offset ?? scanner.position, reason: reason)
    }

    private typealias Tag = XMLPlistScanner.Tag

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
            if !tag.isEmpty { _ = try scanner.text(closing: tag.name, start: tag.start) }
            return .bool(tag.name == "true")
        default:
            break
        }
        let content = tag.isEmpty ? "" : try scanner.text(closing: tag.name, start: tag.start)
        switch tag.name {
        case "string":
            return appendString(content)
        case "integer":
            let trimmed = XMLPlistScalars.trimmed(content)
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
            let trimmed = XMLPlistScalars.trimmed(content)
            guard let value = XMLPlistScalars.real(trimmed) else {
                throw fail("'\(trimmed.prefix(40))' is not a <real>", at: tag.start)
            }
            return .real(value, width: 8)
        case "date":
            let trimmed = XMLPlistScalars.trimmed(content)
            guard let seconds = PlistDate.seconds(from: trimmed) else {
                throw fail("'\(trimmed.prefix(40))' is not a <date> (YYYY-MM-DDTHH:MM:SSZ)", at: tag.start)
            }
            return .date(seconds)
        case "data":
            guard let data = XMLPlistScalars.data(content) else {
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

    private mutating func read() throws -> PlistDocument {
        var tag = try scanner.nextTag()
        let wrapped = tag.name == "plist" && !tag.isClosing
        if wrapped {
            guard !tag.isEmpty else { throw fail("empty <plist/>", at: tag.start) }
            tag = try scanner.nextTag()
        }
        var stack: [Frame] = []
        var root: Int?
        while true {
            var finished: Int?
            if tag.isClosing {
                guard let frame = stack.popLast() else { throw fail("unexpected </\(tag.name)>", at: tag.start) }
                finished = try close(frame, with: tag)
            } else if tag.name == "key" {
                guard let frame = stack.last, frame.isDictionary, frame.pendingKey == nil else {
                    throw fail("<key> outside a <dict> or after another <key>", at: tag.start)
                }
                let key = tag.isEmpty ? "" : try scanner.text(closing: "key", start: tag.start)
                stack[stack.count - 1].pendingKey = try keyObject(key)
            } else if tag.name == "array" || tag.name == "dict" {
                let index = try append(.null)
                if tag.isEmpty {
                    objects[index] = tag.name == "array" ? .array(.empty) : .dictionary(.empty)
                    finished = index
                } else {
                    guard stack.count < maximumDepth else {
                        throw KeyedArchiveError.nestingTooDeep(
                            limit: maximumDepth, place: "XML line \(scanner.line(at: tag.start))")
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
                    let end = try scanner.nextTag()
                    guard end.isClosing, end.name == "plist" else { throw fail("expected </plist>", at: end.start) }
                }
                try scanner.expectEnd()
                return PlistDocument(
                    objects: objects, references: references, strings: strings, data: data, top: root)
            }
            tag = try scanner.nextTag()
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
}
