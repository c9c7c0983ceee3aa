import Foundation

/// Writes an XML property list in Apple's layout, one element a line with tab indentation: the
/// one XML plist writer of the suite (keyed archives and HRCoder walk their own structures and
/// write each element through it).
///
/// Every element method writes a whole line, its indentation included; text is escaped
/// (`&`, `<`, `>`) in runs, eight bytes at a time.
@usableFromInline package struct XMLPlistWriter {
    @usableFromInline var bytes: [UInt8] = []

    /// A writer holding the XML declaration, the DOCTYPE and the `<plist>` start tag.
    package init() {
        bytes.reserveCapacity(4096)
        append(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """)
    }

    /// The document, with `</plist>` appended.
    package mutating func finish() -> Data {
        append("</plist>\n")
        return Data(bytes)
    }

    /// Markup: every literal goes here, copied as bytes.
    @inlinable @inline(__always)
    mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inlinable @inline(__always)
    mutating func indent(_ level: Int) {
        for _ in 0..<level { bytes.append(0x09) }
    }

    @inlinable
    package mutating func string(_ text: String, indent level: Int) {
        indent(level)
        append("<string>")
        appendEscaped(text)
        append("</string>\n")
    }

    @inlinable
    package mutating func key(_ text: String, indent level: Int) {
        indent(level)
        append("<key>")
        appendEscaped(text)
        append("</key>\n")
    }

    /// An `<integer>` of `digits` (a decimal number's text).
    @inlinable
    package mutating func integer(_ digits: String, indent level: Int) {
        indent(level)
        append("<integer>")
        bytes.append(contentsOf: digits.utf8)
        append("</integer>\n")
    }

    /// A `<real>`: `nan`, `+infinity`, `-infinity` or the shortest decimal that reads back.
    package mutating func real(_ number: Double, indent level: Int) {
        indent(level)
        append("<real>")
        if number.isNaN {
            append("nan")
        } else if number.isInfinite {
            append(number < 0 ? "-infinity" : "+infinity")
        } else {
            bytes.append(contentsOf: number.description.utf8)
        }
        append("</real>\n")
    }

    @inlinable
    package mutating func bool(_ flag: Bool, indent level: Int) {
        indent(level)
        append(flag ? "<true/>\n" : "<false/>\n")
    }

    /// A `<date>` in whole seconds (see `PlistDate`).
    package mutating func date(_ secondsSinceReferenceDate: Double, indent level: Int) {
        indent(level)
        append("<date>")
        bytes.append(contentsOf: PlistDate.text(forSeconds: secondsSinceReferenceDate).utf8)
        append("</date>\n")
    }

    /// `<data>`, its base64 text on a line of its own, as Apple's writer lays it out.
    package mutating func data(_ data: Data, indent level: Int) {
        indent(level)
        append("<data>\n")
        indent(level)
        bytes.append(contentsOf: data.base64EncodedString().utf8)
        append("\n")
        indent(level)
        append("</data>\n")
    }

    /// `<array>`, or `<array/>` when it holds nothing (then no ``endArray(indent:)`` follows).
    @inlinable
    package mutating func startArray(indent level: Int, isEmpty: Bool = false) {
        indent(level)
        append(isEmpty ? "<array/>\n" : "<array>\n")
    }

    @inlinable
    package mutating func endArray(indent level: Int) {
        indent(level)
        append("</array>\n")
    }

    /// `<dict>`, or `<dict/>` when it holds nothing (then no ``endDictionary(indent:)`` follows).
    @inlinable
    package mutating func startDictionary(indent level: Int, isEmpty: Bool = false) {
        indent(level)
        append(isEmpty ? "<dict/>\n" : "<dict>\n")
    }

    @inlinable
    package mutating func endDictionary(indent level: Int) {
        indent(level)
        append("</dict>\n")
    }

    @inlinable
    mutating func appendEscaped(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            guard let base = utf8.baseAddress else { return }
            // Runs of bytes that need no escape are copied whole.
            var start = 0
            while true {
                let index = Self.firstSpecial(in: base, from: start, to: utf8.count)
                guard index < utf8.count else { break }
                bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: index - start))
                start = index + 1
                switch base[index] {
                case UInt8(ascii: "&"): append("&amp;")
                case UInt8(ascii: "<"): append("&lt;")
                default: append("&gt;")
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: utf8.count - start))
        }
    }

    /// The index of the first byte in `start..<end` that is `&`, `<` or `>`, or `end`.
    @inlinable
    static func firstSpecial(in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        while end - index >= 8 {
            // `index + 8 <= end`: the word lies inside the text.
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let found =
                ByteWord.bytes(equalTo: 0x26, in: word) | ByteWord.bytes(equalTo: 0x3C, in: word)
                | ByteWord.bytes(equalTo: 0x3E, in: word)
            if found != 0 { break }
            index += 8
        }
        while index < end {
            let byte = base[index]
            if byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") { return index }
            index += 1
        }
        return end
    }
}
