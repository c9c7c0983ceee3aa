import CodingCore
import Foundation

/// Builds a ``PlistDocument`` from an XML property list, without recursion and with a nesting
/// limit, turning `{"CF$UID": n}` dictionaries into UIDs as CoreFoundation does. CodingCore's
/// ``XMLPlistReader`` reads the document.
///
/// Objects are numbered in document order; each distinct `<key>` text becomes one string
/// object that every dictionary using it refers to.
struct PlistDocumentXMLBuilder {
    /// An open `<array>` or `<dict>`: its object, where its tag starts, and where its children
    /// begin on the shared ``children`` stack (a dictionary's as key, value, key, value...).
    private struct Frame {
        var index: Int
        var start: Int
        var isDictionary: Bool
        var firstChild: Int
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var reader: XMLPlistReader
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

    private init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) throws(PlistFault) {
        self.bytes = bytes
        self.reader = try XMLPlistReader(bytes)
        self.maximumDepth = maximumDepth
    }

    /// Builds the document of the XML property list in `bytes`.
    static func build(_ bytes: UnsafeRawBufferPointer, maximumDepth: Int) throws -> PlistDocument {
        let utf8 = bytes.bindMemory(to: UInt8.self)
        do {
            var builder = try PlistDocumentXMLBuilder(utf8, maximumDepth: maximumDepth)
            return try builder.build()
        } catch let fault as PlistFault {
            throw KeyedArchiveError.malformedXMLPlist(
                line: XMLPlistScanner.line(at: fault.offset, in: utf8), reason: fault.reason)
        }
    }

    private func fail(_ reason: String, at offset: Int) -> PlistFault {
        PlistFault(offset: offset, reason: reason)
    }

    private mutating func append(_ object: PlistObject) throws -> Int {
        guard objects.count < PlistDocument.maximumCount else {
            throw fail("more than \(PlistDocument.maximumCount) objects", at: reader.start)
        }
        objects.append(object)
        return objects.count - 1
    }

    private mutating func appendString(_ text: String) -> PlistObject {
        strings.append(text)
        return .string(UInt32(truncatingIfNeeded: strings.count - 1))
    }

    private mutating func build() throws -> PlistDocument {
        var stack: [Frame] = []
        while let event = try reader.next() {
            let finished: Int
            switch consume event {
            case .key(let text):
                children.append(UInt32(try keyObject(text)))
                continue
            case .arrayStart, .dictionaryStart:
                guard stack.count < maximumDepth else {
                    let line = XMLPlistScanner.line(at: reader.start, in: bytes)
                    throw KeyedArchiveError.nestingTooDeep(limit: maximumDepth, place: "XML line \(line)")
                }
                stack.append(
                    Frame(
                        index: try append(.null), start: reader.start, isDictionary: reader.isInDictionary,
                        firstChild: children.count))
                continue
            case .end:
                finished = try close(stack.removeLast())
            case .string(let text): finished = try append(appendString(text))
            case .bool(let value): finished = try append(.bool(value))
            case .integer(let text): finished = try append(try integer(text))
            case .real(let value): finished = try append(.real(value, width: 8))
            case .date(let seconds): finished = try append(.date(seconds))
            case .data(let bytes):
                data.append(bytes)
                finished = try append(.data(UInt32(truncatingIfNeeded: data.count - 1)))
            }
            guard stack.isEmpty else {
                children.append(UInt32(finished))
                continue
            }
            // The reader has checked that nothing follows the top value.
            return PlistDocument(objects: objects, references: references, strings: strings, data: data, top: finished)
        }
        throw fail("no value", at: reader.start)
    }

    private func integer(_ text: String) throws -> PlistObject {
        if let value = XMLPlistScalars.integer(text) {
            return .integer(value, width: UInt8(BinaryPlistWriter.width(toHold: UInt64(bitPattern: value))))
        }
        if let value = XMLPlistScalars.unsignedInteger(text) { return .unsignedInteger(value) }
        throw fail("'\(text.prefix(40))' is not a 64-bit <integer>", at: reader.start)
    }

    /// The object of key text `key`, made the first time the text is met.
    private mutating func keyObject(_ key: String) throws -> Int {
        if let known = keyObjects[UTF8StringKey(key)] { return known }
        let index = try append(appendString(key))
        keyObjects[UTF8StringKey(key)] = index
        return index
    }

    /// Ends `frame`: its children move from the stack to the pool, a dictionary's keys first.
    private mutating func close(_ frame: Frame) throws -> Int {
        let childCount = children.count - frame.firstChild
        defer { children.removeSubrange(frame.firstChild...) }
        guard childCount <= PlistDocument.maximumCount - references.count else {
            throw fail("more than \(PlistDocument.maximumCount) object references in all", at: frame.start)
        }
        guard frame.isDictionary else {
            objects[frame.index] = .array(PlistList(start: references.count, count: childCount))
            references.append(contentsOf: children[frame.firstChild...])
            return frame.index
        }
        let count = childCount / 2
        if count == 1, case .string(let key) = objects[Int(children[frame.firstChild])], strings[Int(key)] == "CF$UID",
            case .integer(let value, _) = objects[Int(children[frame.firstChild + 1])], value >= 0
        {
            objects[frame.index] = .uid(UInt64(value))
            return frame.index
        }
        objects[frame.index] = .dictionary(PlistDictionary(start: references.count, count: count))
        for position in stride(from: frame.firstChild, to: children.count, by: 2) {
            references.append(children[position])
        }
        for position in stride(from: frame.firstChild + 1, to: children.count, by: 2) {
            references.append(children[position])
        }
        return frame.index
    }
}
