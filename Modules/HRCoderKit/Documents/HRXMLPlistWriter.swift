import CodingCore
import Foundation

/// Writes an ``HRValue`` tree as an Apple XML property list through CodingCore's
/// `XMLPlistWriter`: keys sorted, tab indentation.
///
/// JSON `null` is written as `{"$class":"NSNull"}`, as the original wrote NSNull in plists.
enum HRXMLPlistWriter {
    /// The complete XML document for `value`.
    static func data(for value: HRValue) -> Data {
        var writer = XMLPlistWriter()
        write(value, indent: 0, to: &writer)
        return writer.finish()
    }

    private static func write(_ value: HRValue, indent level: Int, to writer: inout XMLPlistWriter) {
        switch value {
        case let .string(text): writer.string(text, indent: level)
        case let .integer(number): writer.integer(String(number), indent: level)
        case let .wideInteger(number): writer.integer(number.description, indent: level)
        case let .real(number): writer.real(number, indent: level)
        case let .bool(flag): writer.bool(flag, indent: level)
        case let .date(date): writer.date(date.timeIntervalSinceReferenceDate, indent: level)
        case let .data(data): writer.data(data, indent: level)
        case .null: write(HRValue.taggedNull, indent: level, to: &writer)
        case let .array(items):
            writer.startArray(indent: level, isEmpty: items.isEmpty)
            guard !items.isEmpty else { return }
            for item in items { write(item, indent: level + 1, to: &writer) }
            writer.endArray(indent: level)
        case let .dictionary(entries):
            writer.startDictionary(indent: level, isEmpty: entries.isEmpty)
            guard !entries.isEmpty else { return }
            for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
                writer.key(key, indent: level + 1)
                write(value, indent: level + 1, to: &writer)
            }
            writer.endDictionary(indent: level)
        }
    }
}
