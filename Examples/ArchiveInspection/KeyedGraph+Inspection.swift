import AutoCodingKit
import Foundation

/// Converts between AutoCodingKit's keyed-archive graph and the tool's tree, keeping shared
/// objects shared.
///
/// Reading: instances become objects (properties in sorted key order, as the keyed vectors
/// list them), Foundation collections keep their kind and mutability, and an integer above
/// `Int64.max` is shown as a double. Writing: objects become instances of their class (whose
/// `$classes` chain is the class then `NSObject`), nil properties are omitted as
/// `NSKeyedArchiver` omits them; decimals, index sets and NSValue structs are refused.
struct KeyedGraphConversion {
    private var inspected: [KeyedObjectID: InspectedNode] = [:]
    private var identities: [ObjectIdentifier: KeyedObjectID] = [:]
    private var objects: [KeyedArchiveObject] = []

    // MARK: keyed archive → tool

    mutating func inspect(_ graph: KeyedObjectGraph) -> InspectedValue {
        inspect(graph.root, in: graph)
    }

    private mutating func inspect(_ value: KeyedArchiveValue, in graph: KeyedObjectGraph) -> InspectedValue {
        switch value {
        case .nilReference: return .absent
        case .null: return .null
        case let .bool(flag): return .bool(flag)
        case let .integer(number): return .integer(number, width: nil)
        case let .unsignedInteger(number): return .double(Double(number))
        case let .real(number): return .double(number)
        case let .string(text): return .string(text)
        case let .data(bytes): return .node(InspectedNode(.data(bytes, mutable: false)))
        case let .date(date): return .node(InspectedNode(.date(date)))
        case let .url(relative, base): return .url(relative: relative, base: base.map { inspect($0, in: graph) })
        case let .array(items):
            return .node(InspectedNode(.array(items.map { inspect($0, in: graph) }, mutable: false)))
        case let .dictionary(properties):
            return .node(
                InspectedNode(
                    .dictionary(
                        properties.map { (.string($0.key), inspect($0.value, in: graph)) },
                        mutable: false)))
        case let .object(id):
            if let known = inspected[id] { return .node(known) }
            guard let object = graph[id] else { return .absent }
            let node = InspectedNode(.array([], mutable: false))
            inspected[id] = node
            node.content = content(of: object, in: graph)
            return .node(node)
        }
    }

    private mutating func content(of object: KeyedArchiveObject, in graph: KeyedObjectGraph) -> InspectedNode.Content {
        switch object {
        case let .array(items, mutable): return .array(items.map { inspect($0, in: graph) }, mutable: mutable)
        case let .set(items, mutable): return .set(items.map { inspect($0, in: graph) }, mutable: mutable)
        case let .orderedSet(items, mutable): return .orderedSet(items.map { inspect($0, in: graph) }, mutable: mutable)
        case let .dictionary(entries, mutable):
            let pairs = entries.map { (inspect($0.key, in: graph), inspect($0.value, in: graph)) }
            return .dictionary(pairs, mutable: mutable)
        case let .mutableString(text): return .mutableString(text)
        case let .mutableData(bytes): return .data(bytes, mutable: true)
        case let .instance(className, _, properties):
            let sorted = properties.sorted {
                $0.key.unicodeScalars.map(\.value).lexicographicallyPrecedes($1.key.unicodeScalars.map(\.value))
            }
            return .object(className: className, properties: sorted.map { ($0.key, inspect($0.value, in: graph)) })
        }
    }

    // MARK: tool → keyed archive

    mutating func graph(_ root: InspectedValue) throws -> KeyedObjectGraph {
        let rootValue = try value(root, at: "the root")
        return KeyedObjectGraph(root: rootValue, objects: objects)
    }

    private mutating func value(_ value: InspectedValue, at place: String) throws -> KeyedArchiveValue {
        switch value {
        case .absent: return .nilReference
        case .null: return .null
        case let .bool(flag): return .bool(flag)
        case let .integer(number, _): return .integer(number)
        case let .float(number): return .real(Double(number))
        case let .double(number): return .real(number)
        case .decimal: throw InspectionError.cannotHold("keyed", "a decimal number (\(place))")
        case let .string(text): return .string(text)
        case let .url(relative, base):
            return .url(relative: relative, base: try base.map { try self.value($0, at: place) })
        case let .structValue(kind, _): throw InspectionError.cannotHold("keyed", "an NSValue \(kind) (\(place))")
        case let .node(node):
            switch node.content {
            case let .date(date): return .date(date)
            case let .data(bytes, mutable: false): return .data(bytes)
            default: return .object(try object(node, at: place))
            }
        }
    }

    private mutating func object(_ node: InspectedNode, at place: String) throws -> KeyedObjectID {
        if let known = identities[ObjectIdentifier(node)] { return known }
        let id = KeyedObjectID(objects.count)
        objects.append(.mutableString(""))
        identities[ObjectIdentifier(node)] = id
        objects[id.index] = try object(node.content, at: place)
        return id
    }

    private mutating func object(_ content: InspectedNode.Content, at place: String) throws -> KeyedArchiveObject {
        func values(_ items: [InspectedValue]) throws -> [KeyedArchiveValue] {
            try items.enumerated().map { try value($0.element, at: "\(place) item \($0.offset)") }
        }
        switch content {
        case let .mutableString(text): return .mutableString(text)
        case let .data(bytes, _): return .mutableData(bytes)
        case let .array(items, mutable): return .array(try values(items), mutable: mutable)
        case let .set(items, mutable): return .set(try values(items), mutable: mutable)
        case let .orderedSet(items, mutable): return .orderedSet(try values(items), mutable: mutable)
        case let .dictionary(entries, mutable):
            return .dictionary(
                try entries.map {
                    KeyedArchiveEntry(try value($0.key, at: place), try value($0.value, at: "\(place) entry"))
                }, mutable: mutable)
        case .indexSet: throw InspectionError.cannotHold("keyed", "an index set (\(place))")
        case let .object(className, properties):
            var written: [KeyedArchiveProperty] = []
            for property in properties {
                if case .absent = property.value { continue }
                written.append(
                    KeyedArchiveProperty(
                        property.name, try value(property.value, at: "\(place) property '\(property.name)'")))
            }
            return .instance(className: className, classes: [className, "NSObject"], properties: written)
        case .date:
            // Dates are values in keyed archives; `value(_:at:)` writes them inline.
            throw InspectionError.cannotHold("keyed", "a date as an object (\(place))")
        }
    }
}
