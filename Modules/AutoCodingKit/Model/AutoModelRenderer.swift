import Foundation

/// Renders a model's keyed-archive graph as text: canonically (for `==` and hashing) or readably
/// (for `description`).
///
/// Objects met a second time (shared or cyclic) are written as `@n`, the order in which they
/// were first met, so the text stays finite and records the graph's shape. Dictionary entries
/// and set items whose keys are plain values are written sorted.
struct AutoModelRenderer {
    private let graph: KeyedObjectGraph
    private let readable: Bool
    private var numbers: [KeyedObjectID: Int] = [:]
    private var output = ""

    private init(graph: KeyedObjectGraph, readable: Bool) {
        self.graph = graph
        self.readable = readable
    }

    static func canonicalForm<T: Encodable>(of value: T) -> String {
        do {
            var renderer = AutoModelRenderer(graph: try AutoModelArchive.graph(of: value), readable: false)
            renderer.render(renderer.graph.root)
            return renderer.output
        } catch {
            return "<not encodable: \(error)>"
        }
    }

    static func readableDescription<T: Encodable>(of value: T) -> String {
        do {
            var renderer = AutoModelRenderer(graph: try AutoModelArchive.graph(of: value), readable: true)
            renderer.render(renderer.graph.root)
            return renderer.output
        } catch {
            return "\(T.self)(<not encodable: \(error)>)"
        }
    }

    /// A value rendered on its own (for sorting keys); plain values need no graph state.
    private func standalone(_ value: KeyedArchiveValue) -> String? {
        var copy = AutoModelRenderer(graph: graph, readable: readable)
        if case .object = value { return nil }
        copy.render(value)
        return copy.output
    }

    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    private mutating func render(_ value: KeyedArchiveValue) {
        switch value {
        case .nilReference: output += "nil"
        case .null: output += "null"
        case .bool(let bool): output += bool ? "true" : "false"
        case .integer(let integer): output += String(integer)
        case .unsignedInteger(let integer): output += String(integer)
        case .real(let real):
            // A Float property arrives widened (1.1 as 1.100000023841858): shown as the Float.
            let float = Float(real)
            output += Double(float) == real ? "\(float)" : "\(real)"
        case .string(let string): output += Self.quoted(string)
        case .data(let data):
            output += readable ? "<\(data.count) bytes>" : "<\(data.base64EncodedString())>"
        case .date(let date):
            output += readable ? "\(date)" : "date(\(date.timeIntervalSinceReferenceDate))"
        case .url(let relative, let base):
            let baseURL: URL? = base.flatMap {
                if case .url(let baseRelative, _) = $0 { URL(string: baseRelative) } else { nil }
            }
            output += URL(string: relative, relativeTo: baseURL)?.absoluteString ?? relative
        case .array(let items):
            renderList(items, open: "[", close: "]", sorted: false)
        case .dictionary(let properties):
            renderEntries(properties.map { KeyedArchiveEntry(.string($0.key), $0.value) })
        case .object(let id):
            renderObject(id)
        }
    }

    private mutating func renderList(_ items: [KeyedArchiveValue], open: String, close: String, sorted: Bool) {
        output += open
        var order = Array(items.indices)
        if sorted {
            let keys = items.compactMap { standalone($0) }
            if keys.count == items.count { order.sort { keys[$0] < keys[$1] } }
        }
        for (position, index) in order.enumerated() {
            if position > 0 { output += ", " }
            render(items[index])
        }
        output += close
    }

    private mutating func renderEntries(_ entries: [KeyedArchiveEntry]) {
        guard !entries.isEmpty else {
            output += "[:]"
            return
        }
        let keys = entries.compactMap { standalone($0.key) }
        var order = Array(entries.indices)
        if keys.count == entries.count { order.sort { keys[$0] < keys[$1] } }
        output += "["
        for (position, index) in order.enumerated() {
            if position > 0 { output += ", " }
            render(entries[index].key)
            output += ": "
            render(entries[index].value)
        }
        output += "]"
    }

    private mutating func renderObject(_ id: KeyedObjectID) {
        if let number = numbers[id] {
            output += "@\(number)"
            return
        }
        numbers[id] = numbers.count + 1
        guard let object = graph[id] else {
            output += "?"
            return
        }
        switch object {
        case .array(let items, _): renderList(items, open: "[", close: "]", sorted: false)
        case .set(let items, _): renderList(items, open: "Set([", close: "])", sorted: true)
        case .orderedSet(let items, _): renderList(items, open: "OrderedSet([", close: "])", sorted: false)
        case .dictionary(let entries, _): renderEntries(entries)
        case .mutableString(let string): output += Self.quoted(string)
        case .mutableData(let data): render(.data(data))
        case .instance(let className, _, let properties):
            if let special = AutoModelValueConverter.foundationValue(className: className, properties: properties) {
                output += "\(special)"
                return
            }
            output += className + "("
            // nil properties are left out, as an absent optional is.
            for (position, property) in properties.filter({ $0.value != .nilReference }).enumerated() {
                if position > 0 { output += ", " }
                output += property.key + ": "
                render(property.value)
            }
            output += ")"
        }
    }
}
