import CodingCore
import Foundation

/// Writes a ``PlistDocument`` as an XML property list in Apple's layout through CodingCore's
/// `XMLPlistWriter` (tab indentation, UIDs as `{"CF$UID": n}` dictionaries), keeping
/// dictionary key order.
enum PlistDocumentXMLWriter {
    static func write(_ document: PlistDocument) -> Data {
        var writer = XMLPlistWriter()
        write(document.top, of: document, indent: 0, to: &writer)
        return writer.finish()
    }

    /// Archive documents nest a few levels only (the writer that made them limits depth).
    private static func write(
        _ index: Int, of document: PlistDocument, indent level: Int, to writer: inout XMLPlistWriter
    ) {
        switch document.objects[index] {
        case .null: writer.string("", indent: level)
        case .bool(let value): writer.bool(value, indent: level)
        case .integer(let value, _): writer.integer(String(value), indent: level)
        case .unsignedInteger(let value): writer.integer(String(value), indent: level)
        case .real(let value, _): writer.real(value, indent: level)
        case .date(let seconds): writer.date(seconds, indent: level)
        case .data(let data): writer.data(document.data[Int(data)], indent: level)
        case .string, .text: writer.string(document.string(document.objects[index]) ?? "", indent: level)
        case .uid(let uid):
            writer.startDictionary(indent: level)
            writer.key("CF$UID", indent: level + 1)
            writer.integer(String(uid), indent: level + 1)
            writer.endDictionary(indent: level)
        case .array(let list), .set(let list):
            writer.startArray(indent: level, isEmpty: list.count == 0)
            guard list.count > 0 else { return }
            for item in 0..<list.count {
                write(document.item(item, of: list), of: document, indent: level + 1, to: &writer)
            }
            writer.endArray(indent: level)
        case .dictionary(let dictionary):
            writer.startDictionary(indent: level, isEmpty: dictionary.count == 0)
            guard dictionary.count > 0 else { return }
            for entry in 0..<dictionary.count {
                writer.key(document.key(entry, of: dictionary), indent: level + 1)
                write(document.value(entry, of: dictionary), of: document, indent: level + 1, to: &writer)
            }
            writer.endDictionary(indent: level)
        }
    }
}
