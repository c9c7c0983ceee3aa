/// Reads an XML property list event by event: the one place that knows the plist grammar
/// (an optional `<plist>` wrapper around one value, `<key>`s and values alternating in a
/// `<dict>`, end tags matching, nothing after the value) and reads every scalar's text.
///
/// ``XMLPlistScanner`` reads the tags and texts below it. Kits build their own structures
/// from the events without recursion (a keyed archive's tables, an HRCoder tree) and bound
/// nesting with ``depth``, since what is safe depends on what they build.
package struct XMLPlistReader {
    private var scanner: XMLPlistScanner
    /// Open containers, innermost last: `true` for a `<dict>`.
    private var open: [Bool] = []
    /// Whether the innermost `<dict>` has read a `<key>` whose value comes next.
    private var keyRead = false
    /// Whether the value stands in a `<plist>` element, and whether the first tag is read.
    private var wrapped = false
    private var started = false
    /// An empty `<array/>` or `<dict/>` opened: its ``XMLPlistEvent/end`` comes next.
    private var emptyOpen = false
    private var finished = false

    /// The offset of the `<` of the tag behind the last event, for messages.
    package private(set) var start = 0

    /// How many containers are open after the last event (a container counts from its start
    /// event to its end event).
    package var depth: Int { open.count }

    /// Whether the innermost open container is a `<dict>` (after a start event, the one that
    /// started).
    package var isInDictionary: Bool { open.last == true }

    /// Starts reading `bytes`, the whole document (checked to be UTF-8 first).
    ///
    /// - Throws: ``PlistFault`` at the first byte that is not valid UTF-8.
    package init(_ bytes: UnsafeBufferPointer<UInt8>) throws(PlistFault) {
        scanner = try XMLPlistScanner(bytes)
    }

    private func fault(_ reason: String) -> PlistFault {
        PlistFault(offset: start, reason: reason)
    }

    /// The next event, or `nil` once the value and the rest of the document are read.
    ///
    /// - Throws: ``PlistFault`` at the first tag or text that breaks the grammar, at a scalar
    ///   whose text is not its kind's, and at anything but blanks, comments and NUL padding
    ///   after the value.
    package mutating func next() throws(PlistFault) -> XMLPlistEvent? {
        if emptyOpen {
            emptyOpen = false
            open.removeLast()
            try valueEnded()
            return .end
        }
        guard !finished else { return nil }
        var tag = try scanner.nextTag()
        if !started {
            started = true
            if tag.element == .plist, !tag.isClosing {
                start = tag.start
                guard !tag.isEmpty else { throw fault("an empty <plist/> holds no value") }
                wrapped = true
                tag = try scanner.nextTag()
            }
        }
        start = tag.start
        if tag.isClosing { return try end(tag) }
        if open.last == true, !keyRead {
            guard tag.element == .key else {
                throw fault("a <\(scanner.name(of: tag))> in a <dict> without a <key>")
            }
            keyRead = true
            return .key(try scanner.text(of: tag))
        }
        keyRead = false
        switch tag.element {
        case .key:
            throw fault("<key> outside a <dict> or after another <key>")
        case .array, .dict:
            let isDictionary = tag.element == .dict
            open.append(isDictionary)
            emptyOpen = tag.isEmpty
            return isDictionary ? .dictionaryStart : .arrayStart
        default:
            let event = try scalar(tag)
            try valueEnded()
            return event
        }
    }

    private mutating func end(_ tag: XMLPlistScanner.Tag) throws(PlistFault) -> XMLPlistEvent {
        guard let isDictionary = open.last else { throw fault("unexpected </\(scanner.name(of: tag))>") }
        guard tag.element == (isDictionary ? .dict : .array) else {
            throw fault("</\(scanner.name(of: tag))> closes \(isDictionary ? "a <dict>" : "an <array>")")
        }
        guard !keyRead else { throw fault("<key> without a value at the end of a <dict>") }
        open.removeLast()
        try valueEnded()
        return .end
    }

    /// After a value: when it is the top one, the document must end.
    private mutating func valueEnded() throws(PlistFault) {
        guard open.isEmpty else { return }
        finished = true
        if wrapped {
            let end = try scanner.nextTag()
            guard end.isClosing, end.element == .plist else {
                throw PlistFault(offset: end.start, reason: "expected </plist>")
            }
        }
        try scanner.expectEnd()
    }

    private mutating func scalar(_ tag: XMLPlistScanner.Tag) throws(PlistFault) -> XMLPlistEvent {
        switch tag.element {
        case .string:
            return .string(try scanner.text(of: tag))
        case .integer:
            return .integer(XMLPlistScalars.trimmed(try scanner.text(of: tag)))
        case .real:
            let trimmed = XMLPlistScalars.trimmed(try scanner.text(of: tag))
            guard let value = XMLPlistScalars.real(trimmed) else {
                throw fault("'\(trimmed.prefix(40))' is not a <real>")
            }
            return .real(value)
        case .date:
            let trimmed = XMLPlistScalars.trimmed(try scanner.text(of: tag))
            guard let seconds = PlistDate.seconds(from: trimmed) else {
                throw fault("'\(trimmed.prefix(40))' is not a <date> (YYYY-MM-DDTHH:MM:SSZ)")
            }
            return .date(seconds)
        case .data:
            guard let data = XMLPlistScalars.data(try scanner.text(of: tag)) else {
                throw fault("<data> is not valid base64")
            }
            return .data(data)
        case .true, .false:
            if !XMLPlistScalars.trimmed(try scanner.text(of: tag)).isEmpty {
                throw fault("<\(tag.element.name)> holds text")
            }
            return .bool(tag.element == .true)
        case .plist, .unknown, .key, .array, .dict:
            throw fault("unknown element <\(scanner.name(of: tag))>")
        }
    }
}
