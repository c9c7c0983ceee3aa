import Foundation

/// Prints an ``InspectedValue`` tree for people: one value per line, indented by depth.
///
/// Objects show their class; a node that occurs more than once is labelled `#n` where it is
/// first printed and shown as `-> #n` everywhere after (so cycles end). Integers carry the
/// width the file stores them in, or the narrowest FastCoding would write (`int8 5`); data
/// shows its length and a hex prefix; dates are ISO 8601.
struct ReadableRenderer {
    /// How many bytes of data are shown in hex.
    static let hexPrefixLength = 16
    private var occurrences: [ObjectIdentifier: Int] = [:]
    private var labels: [ObjectIdentifier: Int] = [:]
    private var lines: [String] = []

    static func render(_ value: InspectedValue) -> String {
        var renderer = ReadableRenderer()
        renderer.count(value)
        renderer.line(value, prefix: "", indent: 0)
        return renderer.lines.joined(separator: "\n")
    }

    private mutating func count(_ value: InspectedValue) {
        switch value {
        case let .url(_, base?): count(base)
        case let .node(node):
            occurrences[ObjectIdentifier(node), default: 0] += 1
            guard occurrences[ObjectIdentifier(node)] == 1 else { return }
            for child in Self.children(of: node) { count(child) }
        default: break
        }
    }

    private static func children(of node: InspectedNode) -> [InspectedValue] {
        switch node.content {
        case let .array(items, _), let .set(items, _), let .orderedSet(items, _): items
        case let .dictionary(entries, _): entries.flatMap { [$0.key, $0.value] }
        case let .object(_, properties): properties.map(\.value)
        default: []
        }
    }

    static func scalar(_ value: InspectedValue) -> String? {
        switch value {
        case .absent: "nil"
        case .null: "null"
        case let .bool(flag): flag ? "true" : "false"
        case let .integer(number, width): "int\((width ?? InspectedValue.narrowestWidth(of: number)) * 8) \(number)"
        case let .float(number): "float32 \(number)"
        case let .double(number): "double \(number)"
        case let .decimal(number): "decimal \(number)"
        case let .string(text): ExpectedValueJSONWriter.string(text)
        case let .url(relative, base):
            "url \(ExpectedValueJSONWriter.string(relative))"
                + (base.map { " relative to " + (scalar($0) ?? "?") } ?? "")
        case let .structValue(kind, fields): "\(kind)(\(fields.map { "\($0)" }.joined(separator: ", ")))"
        case .node: nil
        }
    }

    private mutating func line(_ value: InspectedValue, prefix: String, indent: Int) {
        let pad = String(repeating: "  ", count: indent)
        guard case let .node(node) = value else {
            lines.append(pad + prefix + (Self.scalar(value) ?? ""))
            return
        }
        let identity = ObjectIdentifier(node)
        if let label = labels[identity] {
            lines.append(pad + prefix + "-> #\(label)")
            return
        }
        var label = ""
        if occurrences[identity, default: 0] > 1 {
            labels[identity] = labels.count + 1
            label = "#\(labels.count) "
        }
        func mutable(_ flag: Bool, _ name: String) -> String { flag ? "mutable " + name : name }
        let head = pad + prefix + label
        switch node.content {
        case let .mutableString(text):
            lines.append(head + "mutable string " + ExpectedValueJSONWriter.string(text))
        case let .data(bytes, isMutable):
            let hex = bytes.prefix(Self.hexPrefixLength).map { String(format: "%02x", $0) }.joined()
            let more = bytes.count > Self.hexPrefixLength ? "…" : ""
            lines.append(head + mutable(isMutable, "data") + " \(bytes.count) bytes <\(hex)\(more)>")
        case let .date(date):
            lines.append(head + "date " + Self.iso8601(date))
        case let .array(items, isMutable):
            list(head + mutable(isMutable, "array"), items, indent: indent)
        case let .set(items, isMutable):
            list(head + mutable(isMutable, "set"), items, indent: indent)
        case let .orderedSet(items, isMutable):
            list(head + mutable(isMutable, "ordered set"), items, indent: indent)
        case let .dictionary(entries, isMutable):
            guard !entries.isEmpty else {
                lines.append(head + mutable(isMutable, "dictionary") + " (0) {}")
                return
            }
            lines.append(head + mutable(isMutable, "dictionary") + " (\(entries.count)) {")
            for entry in entries {
                if let key = Self.scalar(entry.key) {
                    line(entry.value, prefix: key + ": ", indent: indent + 1)
                } else {
                    line(entry.key, prefix: "key: ", indent: indent + 1)
                    line(entry.value, prefix: "value: ", indent: indent + 2)
                }
            }
            lines.append(pad + "}")
        case let .indexSet(ranges, isMutable):
            let text = ranges.map { $0.length == 1 ? "\($0.location)" : "\($0.location)..<\($0.location + $0.length)" }
            lines.append(head + mutable(isMutable, "index set") + " [" + text.joined(separator: ", ") + "]")
        case let .object(className, properties):
            lines.append(head + className + " {")
            for property in properties { line(property.value, prefix: property.name + ": ", indent: indent + 1) }
            lines.append(pad + "}")
        }
    }

    private mutating func list(_ head: String, _ items: [InspectedValue], indent: Int) {
        guard !items.isEmpty else {
            lines.append(head + " (0) []")
            return
        }
        lines.append(head + " (\(items.count)) [")
        for item in items { line(item, prefix: "", indent: indent + 1) }
        lines.append(String(repeating: "  ", count: indent) + "]")
    }

    static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
