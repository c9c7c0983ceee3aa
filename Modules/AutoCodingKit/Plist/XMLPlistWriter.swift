import CodingCore
import Foundation

/// Writes a ``PlistDocument`` as an XML property list in Apple's layout (tab indentation,
/// UIDs as `{"CF$UID": n}` dictionaries), keeping dictionary key order.
struct XMLPlistWriter {
    private let document: PlistDocument
    private var output = ""

    init(_ document: PlistDocument) {
        self.document = document
    }

    static func write(_ document: PlistDocument) -> Data {
        var writer = XMLPlistWriter(document)
        writer.output = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        writer.write(document.top, indent: "")
        writer.output += "</plist>\n"
        return Data(writer.output.utf8)
    }

    private static func escaped(_ text: String) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" }) else { return text }
        return text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// Archive documents nest a few levels only (the writer that made them limits depth).
    private mutating func write(_ index: Int, indent: String) {
        switch document.objects[index] {
        case .null:
            output += "\(indent)<string></string>\n"
        case .bool(let value):
            output += "\(indent)<\(value ? "true" : "false")/>\n"
        case .integer(let value, _):
            output += "\(indent)<integer>\(value)</integer>\n"
        case .unsignedInteger(let value):
            output += "\(indent)<integer>\(value)</integer>\n"
        case .real(let value, _):
            let text = value.isNaN ? "nan" : value.isInfinite ? (value < 0 ? "-infinity" : "+infinity") : "\(value)"
            output += "\(indent)<real>\(text)</real>\n"
        case .date(let seconds):
            output += "\(indent)<date>\(PlistDate.text(forSeconds: seconds))</date>\n"
        case .data(let data):
            output += "\(indent)<data>\(document.data[Int(data)].base64EncodedString())</data>\n"
        case .string, .text:
            output += "\(indent)<string>\(Self.escaped(document.string(document.objects[index]) ?? ""))</string>\n"
        case .uid(let uid):
            output += "\(indent)<dict>\n\(indent)\t<key>CF$UID</key>\n"
            output += "\(indent)\t<integer>\(uid)</integer>\n\(indent)</dict>\n"
        case .array(let list), .set(let list):
            guard list.count > 0 else {
                output += "\(indent)<array/>\n"
                return
            }
            output += "\(indent)<array>\n"
            for item in 0..<list.count { write(document.item(item, of: list), indent: indent + "\t") }
            output += "\(indent)</array>\n"
        case .dictionary(let dictionary):
            guard dictionary.count > 0 else {
                output += "\(indent)<dict/>\n"
                return
            }
            output += "\(indent)<dict>\n"
            for entry in 0..<dictionary.count {
                output += "\(indent)\t<key>\(Self.escaped(document.key(entry, of: dictionary)))</key>\n"
                write(document.value(entry, of: dictionary), indent: indent + "\t")
            }
            output += "\(indent)</dict>\n"
        }
    }
}
