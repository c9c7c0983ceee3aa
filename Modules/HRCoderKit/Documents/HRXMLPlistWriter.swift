import CodingCore
import Foundation

/// Writes an ``HRValue`` tree as an Apple XML property list: keys sorted, tab indentation.
///
/// JSON `null` is written as `{"$class":"NSNull"}`, as the original wrote NSNull in plists.
struct HRXMLPlistWriter {
    private var bytes: [UInt8] = []

    /// The complete XML document for `value`.
    static func data(for value: HRValue) -> Data {
        var writer = HRXMLPlistWriter()
        writer.bytes.reserveCapacity(4096)
        writer.append(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """)
        writer.write(value, indent: 0)
        writer.append("</plist>\n")
        return Data(writer.bytes)
    }

    /// Text made at run time (numbers, dates, base64).
    private mutating func appendText(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Markup: every literal goes here, copied as bytes (a `String` overload would take literals
    /// and go through a `String` per tag).
    private mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func indent(_ level: Int) {
        for _ in 0..<level { bytes.append(0x09) }
    }

    private mutating func write(_ value: HRValue, indent level: Int) {
        indent(level)
        switch value {
        case let .string(text):
            append("<string>")
            appendEscaped(text)
            append("</string>\n")
        case let .integer(number):
            append("<integer>")
            appendText(String(number))
            append("</integer>\n")
        case let .wideInteger(number):
            append("<integer>")
            appendText(number.description)
            append("</integer>\n")
        case let .real(number):
            append("<real>")
            appendText(Self.realText(number))
            append("</real>\n")
        case let .bool(flag): append(flag ? "<true/>\n" : "<false/>\n")
        case let .date(date):
            append("<date>")
            appendText(PlistDate.text(forSeconds: date.timeIntervalSinceReferenceDate))
            append("</date>\n")
        case let .data(data):
            append("<data>\n")
            indent(level)
            appendText(data.base64EncodedString())
            append("\n")
            indent(level)
            append("</data>\n")
        case .null:
            bytes.removeLast(level)
            write(HRValue.taggedNull, indent: level)
        case let .array(items):
            guard !items.isEmpty else { append("<array/>\n"); return }
            append("<array>\n")
            for item in items { write(item, indent: level + 1) }
            indent(level)
            append("</array>\n")
        case let .dictionary(entries):
            guard !entries.isEmpty else { append("<dict/>\n"); return }
            append("<dict>\n")
            for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
                indent(level + 1)
                append("<key>")
                appendEscaped(key)
                append("</key>\n")
                write(value, indent: level + 1)
            }
            indent(level)
            append("</dict>\n")
        }
    }

    static func realText(_ number: Double) -> String {
        if number.isNaN { return "nan" }
        if number.isInfinite { return number < 0 ? "-infinity" : "+infinity" }
        return number.description
    }

    private mutating func appendEscaped(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            guard let base = utf8.baseAddress else { return }
            // Runs of bytes that need no escape are copied whole.
            var start = 0
            while true {
                let index = SpecialByteScan.firstXMLSpecial(in: base, from: start, to: utf8.count)
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
}
