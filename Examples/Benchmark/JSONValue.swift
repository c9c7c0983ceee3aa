/// A small JSON document model that keeps object keys in the order written, for `--json`
/// output whose field order matches the documentation.
indirect enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// Wraps an optional: `nil` becomes `null`.
    static func optional<T>(_ value: T?, _ wrap: (T) -> JSONValue) -> JSONValue {
        value.map(wrap) ?? .null
    }

    /// The compact JSON text, one array element per line at the top level for readability.
    var text: String {
        switch self {
        case .array(let elements) where !elements.isEmpty:
            return "[\n" + elements.map { "  " + $0.compactText }.joined(separator: ",\n") + "\n]"
        default:
            return compactText
        }
    }

    private var compactText: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .int(let value): "\(value)"
        case .double(let value): value.isFinite ? "\(value)" : "null"
        case .string(let value): Self.quoted(value)
        case .array(let elements): "[" + elements.map(\.compactText).joined(separator: ", ") + "]"
        case .object(let members):
            "{" + members.map { Self.quoted($0.key) + ": " + $0.value.compactText }.joined(separator: ", ") + "}"
        }
    }

    private static func quoted(_ string: String) -> String {
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}
