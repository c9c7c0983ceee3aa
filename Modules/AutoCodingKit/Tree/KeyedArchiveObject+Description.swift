import Foundation

extension KeyedArchiveObject: CustomStringConvertible {
    /// The object as one readable line: `Person(name: "Ann", friend: #3)`; the objects it
    /// refers to appear as their identifiers (`KeyedObjectGraph` prints them in place).
    public var description: String {
        var writer = TreeDescription<Int>()
        write(to: &writer, in: nil)
        return writer.text
    }

    /// Appends the object's text to `writer`, writing each object `graph` holds in place.
    func write(to writer: inout TreeDescription<Int>, in graph: KeyedObjectGraph?) {
        switch self {
        case let .array(items, _): writer.list("[", items, "]") { $1.write(to: &$0, in: graph) }
        case let .set(items, _): writer.list("Set([", items, "])") { $1.write(to: &$0, in: graph) }
        case let .orderedSet(items, _): writer.list("OrderedSet([", items, "])") { $1.write(to: &$0, in: graph) }
        case let .dictionary(entries, _):
            guard !entries.isEmpty else { return writer.write("[:]") }
            writer.list("[", entries, "]") { writer, entry in
                entry.key.write(to: &writer, in: graph)
                writer.write(": ")
                entry.value.write(to: &writer, in: graph)
            }
        case let .mutableString(string): writer.quoted(string)
        case let .mutableData(data): writer.bytes(data)
        case let .instance(className, _, properties):
            writer.list("\(className)(", properties, ")") { writer, property in
                writer.write(property.key + ": ")
                property.value.write(to: &writer, in: graph)
            }
        }
    }

    /// The values the object holds directly.
    var values: [KeyedArchiveValue] {
        switch self {
        case let .array(items, _), let .set(items, _), let .orderedSet(items, _): items
        case let .dictionary(entries, _): entries.flatMap { [$0.key, $0.value] }
        case .mutableString, .mutableData: []
        case let .instance(_, _, properties): properties.map(\.value)
        }
    }
}
