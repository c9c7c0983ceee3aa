import Foundation

extension FastReference: CustomStringConvertible {
    /// The node's contents as one readable line (see `FastValue.description`).
    public var description: String { FastValue.reference(self).description }
}

extension FastReference.Content {
    /// The values the node holds directly.
    var children: [FastValue] {
        switch self {
        case .mutableString, .data, .date, .indexSet: []
        case let .array(items, _), let .set(items, _), let .orderedSet(items, _): items
        case let .dictionary(entries, _), let .codedObject(_, entries): entries.flatMap { [$0.key, $0.value] }
        case let .object(_, properties): properties.map(\.value)
        case let .keyedArchive(node): [.reference(node)]
        }
    }

    /// Appends the contents' text to `writer`.
    func write(to writer: inout TreeDescription<ObjectIdentifier>) {
        switch self {
        case let .mutableString(string): writer.quoted(string)
        case let .data(data, _): writer.bytes(data)
        case let .date(date): writer.date(date)
        case let .array(items, _): writer.list("[", items, "]") { $1.write(to: &$0) }
        case let .set(items, _): writer.list("Set([", items, "])") { $1.write(to: &$0) }
        case let .orderedSet(items, _): writer.list("OrderedSet([", items, "])") { $1.write(to: &$0) }
        case let .dictionary(entries, _):
            if entries.isEmpty { writer.write("[:]") } else { writer.list("[", entries, "]", item: Self.write) }
        case let .indexSet(ranges, _):
            writer.list("IndexSet(", ranges, ")") { writer, range in
                writer.write("\(range.location)..<\(UInt64(range.location) + UInt64(range.length))")
            }
        case let .object(className, properties):
            writer.list("\(className)(", properties, ")") { writer, property in
                writer.write(property.name + ": ")
                property.value.write(to: &writer)
            }
        case let .codedObject(className, entries): writer.list("\(className)(", entries, ")", item: Self.write)
        case let .keyedArchive(node):
            writer.write("KeyedArchive(")
            FastValue.reference(node).write(to: &writer)
            writer.write(")")
        }
    }

    /// Appends `key: value`.
    private static func write(_ writer: inout TreeDescription<ObjectIdentifier>, _ entry: FastEntry) {
        entry.key.write(to: &writer)
        writer.write(": ")
        entry.value.write(to: &writer)
    }
}
