import Foundation

/// A few words naming a value of the tool's tree, for one-line messages ("the integer 3",
/// "an array of 2 items", "an object of class Person").
enum InspectedValueSummary {
    static func describe(_ value: InspectedValue) -> String {
        switch value {
        case .absent: "nothing (no value)"
        case .null: "null"
        case let .bool(flag): "the boolean \(flag)"
        case let .integer(number, _): "the integer \(number)"
        case let .float(number): "the float \(number)"
        case let .double(number): "the double \(number)"
        case let .decimal(number): "the decimal \(number)"
        case let .string(text): "the string \(quoted(text))"
        case .url: "the URL \(value.foundationURL?.absoluteString ?? "(unresolvable)")"
        case let .structValue(kind, fields): "a \(kind) \(fields)"
        case let .node(node): describe(node.content)
        }
    }

    private static func describe(_ content: InspectedNode.Content) -> String {
        switch content {
        case let .mutableString(text): "the mutable string \(quoted(text))"
        case let .data(bytes, mutable): "\(mutable ? "mutable " : "")data of \(bytes.count) bytes"
        case let .date(date): "the date \(date.formatted(.iso8601))"
        case let .array(items, mutable): "\(mutable ? "a mutable" : "an") array of \(count(items.count, "item"))"
        case let .dictionary(entries, mutable):
            "\(mutable ? "a mutable" : "a") dictionary of \(count(entries.count, "entry", "entries"))"
        case let .set(items, mutable): "\(mutable ? "a mutable" : "a") set of \(count(items.count, "item"))"
        case let .orderedSet(items, mutable):
            "\(mutable ? "a mutable" : "an") ordered set of \(count(items.count, "item"))"
        case let .indexSet(ranges, _): "an index set of \(count(ranges.count, "range"))"
        case let .object(className, _): "an object of class \(className)"
        }
    }

    private static func quoted(_ text: String) -> String {
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return "\"" + shown.replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    private static func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(number) \(number == 1 ? singular : plural ?? singular + "s")"
    }
}
