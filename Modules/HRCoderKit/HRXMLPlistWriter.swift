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
        writer.append("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """)
        writer.write(value, indent: 0)
        writer.append("</plist>\n")
        return Data(writer.bytes)
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func indent(_ level: Int) {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "\t"), count: level))
    }

    private mutating func element(_ name: String, _ text: String, escaped: Bool = false) {
        append("<\(name)>")
        if escaped { appendEscaped(text) } else { append(text) }
        append("</\(name)>\n")
    }

    private mutating func write(_ value: HRValue, indent level: Int) {
        indent(level)
        switch value {
        case let .string(text): element("string", text, escaped: true)
        case let .integer(number): element("integer", String(number))
        case let .real(number): element("real", Self.realText(number))
        case let .bool(flag): append(flag ? "<true/>\n" : "<false/>\n")
        case let .date(date): element("date", HRPlistDate.string(for: date))
        case let .data(data):
            append("<data>\n")
            indent(level)
            append(data.base64EncodedString())
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
            for key in entries.keys.sorted() {
                indent(level + 1)
                element("key", key, escaped: true)
                // The key came from `entries`, so the lookup cannot miss.
                write(entries[key] ?? .null, indent: level + 1)
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
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): append("&amp;")
            case UInt8(ascii: "<"): append("&lt;")
            case UInt8(ascii: ">"): append("&gt;")
            default: bytes.append(byte)
            }
        }
    }
}
