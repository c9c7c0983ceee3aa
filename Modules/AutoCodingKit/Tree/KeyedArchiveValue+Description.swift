import Foundation

extension KeyedArchiveValue: CustomStringConvertible {
    /// The value as one readable line: `["name": "Ann", "friend": #3]`; objects, which live in
    /// the graph's table, appear as their identifiers (`KeyedObjectGraph` prints them in place).
    public var description: String {
        var writer = TreeDescription<Int>()
        write(to: &writer, in: nil)
        return writer.text
    }

    /// Appends the value's text to `writer`, writing each object `graph` holds in place.
    func write(to writer: inout TreeDescription<Int>, in graph: KeyedObjectGraph?) {
        switch self {
        case .nilReference: writer.write("nil")
        case .null: writer.write("null")
        case let .bool(flag): writer.write(flag ? "true" : "false")
        case let .integer(integer): writer.write(String(integer))
        case let .unsignedInteger(integer): writer.write(String(integer))
        case let .real(number): writer.write("\(number)")
        case let .string(string): writer.quoted(string)
        case let .data(data): writer.bytes(data)
        case let .date(date): writer.date(date)
        case let .url(relative, base):
            writer.write("URL(")
            writer.quoted(relative)
            if let base {
                writer.write(", relativeTo: ")
                base.write(to: &writer, in: graph)
            }
            writer.write(")")
        case let .object(id):
            guard let graph, let object = graph[id] else { return writer.write(id.description) }
            guard writer.enter(id.index, label: id.description) else { return }
            object.write(to: &writer, in: graph)
        case let .array(items): writer.list("[", items, "]") { $1.write(to: &$0, in: graph) }
        case let .dictionary(properties):
            guard !properties.isEmpty else { return writer.write("[:]") }
            writer.list("[", properties, "]") { writer, property in
                writer.quoted(property.key)
                writer.write(": ")
                property.value.write(to: &writer, in: graph)
            }
        }
    }

    /// The objects the value refers to directly (not through other objects).
    var referencedObjects: [KeyedObjectID] {
        switch self {
        case let .object(id): [id]
        case let .url(_, base?): base.referencedObjects
        case let .array(items): items.flatMap(\.referencedObjects)
        case let .dictionary(properties): properties.flatMap(\.value.referencedObjects)
        default: []
        }
    }
}
