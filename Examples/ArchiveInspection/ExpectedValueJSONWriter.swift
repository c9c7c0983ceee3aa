import Foundation

/// Writes an ``InspectedValue`` tree in the expected-value JSON scheme of the shared vectors
/// (`shared/vectors/README.md`), with its own number formatting rather than `JSONEncoder`'s.
///
/// - Integers are exact 64-bit decimals; doubles print shortest-round-trip and `-0.0` keeps its
///   sign; floats are widened to double (exact). Non-finite numbers, which JSON cannot spell,
///   are the strings `"NaN"`, `"Infinity"` and `"-Infinity"`.
/// - The first occurrence (depth first, in the listed order) of a reference-like node is
///   written in full; later ones are `{"sameAs": "<JSON Pointer>"}`. Dates, immutable data
///   and strings are values and always written in full.
/// - Two kinds the scheme does not cover are written as `{"type":"decimal","value":"1.5"}`
///   and `{"type":"struct","kind":"CGRect","fields":[…]}`.
struct ExpectedValueJSONWriter {
    private var output = ""
    private var pointers: [ObjectIdentifier: String] = [:]

    static func json(for value: InspectedValue) -> String {
        var writer = ExpectedValueJSONWriter()
        writer.write(value, pointer: "", indent: 0)
        return writer.output + "\n"
    }

    // MARK: numbers and strings

    static func number(_ value: Double) -> String {
        if value.isNaN { return "\"NaN\"" }
        if value.isInfinite { return value < 0 ? "\"-Infinity\"" : "\"Infinity\"" }
        return "\(value)"
    }

    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                result +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    private static func escape(_ token: String) -> String {
        token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    // MARK: the tree

    private mutating func object(_ fields: [(String, String)], indent: Int) {
        let inner = String(repeating: "  ", count: indent + 1)
        output += "{\n"
        output += fields.map { "\(inner)\(Self.string($0.0)): \($0.1)" }.joined(separator: ",\n")
        output += "\n" + String(repeating: "  ", count: indent) + "}"
    }

    /// Writes `value` into a separate buffer and returns it (for nesting inside `object`).
    private mutating func nested(_ value: InspectedValue, pointer: String, indent: Int) -> String {
        let saved = output
        output = ""
        write(value, pointer: pointer, indent: indent)
        let text = output
        output = saved
        return text
    }

    private mutating func list(_ items: [InspectedValue], pointer: String, indent: Int) -> String {
        guard !items.isEmpty else { return "[]" }
        let inner = String(repeating: "  ", count: indent + 1)
        let texts = items.enumerated().map {
            inner + nested($0.element, pointer: "\(pointer)/\($0.offset)", indent: indent + 1)
        }
        return "[\n" + texts.joined(separator: ",\n") + "\n" + String(repeating: "  ", count: indent) + "]"
    }

    private mutating func write(_ value: InspectedValue, pointer: String, indent: Int) {
        func typed(_ type: String, _ fields: [(String, String)] = []) {
            object([("type", Self.string(type))] + fields, indent: indent)
        }
        switch value {
        case .absent: typed("nil")
        case .null: typed("null")
        case let .bool(flag): typed("bool", [("value", flag ? "true" : "false")])
        case let .integer(number, _): typed("int", [("value", String(number))])
        case let .float(number): typed("float", [("value", Self.number(Double(number)))])
        case let .double(number): typed("double", [("value", Self.number(number))])
        case let .decimal(number): typed("decimal", [("value", Self.string("\(number)"))])
        case let .string(text): typed("string", [("value", Self.string(text))])
        case let .url(relative, base):
            let baseText = base.map { nested($0, pointer: pointer + "/base", indent: indent + 1) } ?? "null"
            typed(
                "url",
                [
                    ("relative", Self.string(relative)), ("base", baseText),
                    ("absolute", Self.string(value.foundationURL?.absoluteString ?? relative)),
                ])
        case let .structValue(kind, fields):
            let numbers = "[" + fields.map(Self.number).joined(separator: ", ") + "]"
            typed("struct", [("kind", Self.string(kind)), ("fields", numbers)])
        case let .node(node):
            write(node, pointer: pointer, indent: indent)
        }
    }

    private mutating func write(_ node: InspectedNode, pointer: String, indent: Int) {
        if node.isReferenceLike {
            if let first = pointers[ObjectIdentifier(node)] {
                object([("sameAs", Self.string(first))], indent: indent)
                return
            }
            pointers[ObjectIdentifier(node)] = pointer
        }
        func typed(_ type: String, mutable: Bool = false, _ fields: [(String, String)]) {
            let name = mutable ? "mutable" + type.prefix(1).uppercased() + type.dropFirst() : type
            object([("type", Self.string(name))] + fields, indent: indent)
        }
        switch node.content {
        case let .mutableString(text): typed("mutableString", [("value", Self.string(text))])
        case let .data(bytes, mutable):
            typed("data", mutable: mutable, [("base64", Self.string(bytes.base64EncodedString()))])
        case let .date(date):
            let seconds = date.timeIntervalSinceReferenceDate
            typed(
                "date",
                [
                    ("timeIntervalSinceReferenceDate", Self.number(seconds)),
                    ("timeIntervalSince1970", Self.number(seconds + 978_307_200)),
                ])
        case let .array(items, mutable):
            typed("array", mutable: mutable, [("items", list(items, pointer: pointer + "/items", indent: indent + 1))])
        case let .set(items, mutable):
            typed("set", mutable: mutable, [("items", list(items, pointer: pointer + "/items", indent: indent + 1))])
        case let .orderedSet(items, mutable):
            let text = list(items, pointer: pointer + "/items", indent: indent + 1)
            typed("orderedSet", mutable: mutable, [("items", text)])
        case let .dictionary(entries, mutable):
            let inner = String(repeating: "  ", count: indent + 2)
            let texts = entries.enumerated().map { index, entry in
                let base = "\(pointer)/entries/\(index)"
                let key = nested(entry.key, pointer: base + "/0", indent: indent + 2)
                let value = nested(entry.value, pointer: base + "/1", indent: indent + 2)
                return "\(inner)[\(key), \(value)]"
            }
            let text =
                texts.isEmpty
                ? "[]"
                : "[\n" + texts.joined(separator: ",\n") + "\n" + String(repeating: "  ", count: indent + 1) + "]"
            typed("dict", mutable: mutable, [("entries", text)])
        case let .indexSet(ranges, mutable):
            typed(
                "indexSet", mutable: mutable,
                [
                    (
                        "ranges",
                        "["
                            + ranges.map { "[\($0.location), \($0.length)]" }
                            .joined(separator: ", ") + "]"
                    )
                ])
        case let .object(className, properties):
            let inner = String(repeating: "  ", count: indent + 2)
            let texts = properties.map { property in
                let childPointer = "\(pointer)/properties/\(Self.escape(property.name))"
                return "\(inner)\(Self.string(property.name)): "
                    + nested(property.value, pointer: childPointer, indent: indent + 2)
            }
            let text =
                texts.isEmpty
                ? "{}"
                : "{\n" + texts.joined(separator: ",\n") + "\n" + String(repeating: "  ", count: indent + 1) + "}"
            typed("object", [("class", Self.string(className)), ("properties", text)])
        }
    }
}
