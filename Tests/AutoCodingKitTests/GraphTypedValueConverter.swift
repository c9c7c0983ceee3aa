import ArchiveTestSupport
import AutoCodingKit
import Foundation

/// Describes an untyped keyed-archive graph in the shared vectors' expected-value scheme.
///
/// Objects with identity are marked as instances on first sight (properties walked in sorted
/// key order, as the keyed vectors' README says), later sights as references, so the result,
/// after `resolvingSharedInstances()`, uses `sameAs` where the archive shares an object.
struct GraphTypedValueConverter {
    let graph: KeyedObjectGraph
    private var seen: Set<KeyedObjectID> = []

    init(_ graph: KeyedObjectGraph) {
        self.graph = graph
    }

    static func typedValue(of graph: KeyedObjectGraph) -> TypedValue {
        var converter = GraphTypedValueConverter(graph)
        return converter.convert(graph.root).resolvingSharedInstances()
    }

    mutating func convert(_ value: KeyedArchiveValue) -> TypedValue {
        switch value {
        case .nilReference: return .absent
        case .null: return .null
        case let .bool(bool): return .bool(bool)
        case let .integer(integer): return .int(integer)
        case let .unsignedInteger(integer): return .double(Double(integer))
        case let .real(real): return .double(real)
        case let .string(string): return .string(string, mutable: false)
        case let .data(data): return .data(data, mutable: false)
        case let .date(date): return .date(sinceReferenceDate: date.timeIntervalSinceReferenceDate)
        case let .url(relative, base):
            let baseValue = base.map { convert($0) }
            let baseURL: URL? = if case let .url(_, _, absolute)? = baseValue { URL(string: absolute) } else { nil }
            let absolute = URL(string: relative, relativeTo: baseURL)?.absoluteString ?? relative
            return .url(relative: relative, base: baseValue.map { TypedValue.URLBase($0) }, absolute: absolute)
        case let .array(items):
            return .array(items.map { convert($0) }, mutable: false)
        case let .dictionary(properties):
            return .dictionary(properties.map { .init(.string($0.key, mutable: false), convert($0.value)) }, mutable: false)
        case let .object(id):
            guard seen.insert(id).inserted else { return .instanceReference(id: id.index) }
            guard let object = graph[id] else { return .sameAs("<missing object \(id)>") }
            return .instance(id: id.index, convert(object))
        }
    }

    private mutating func convert(_ object: KeyedArchiveObject) -> TypedValue {
        switch object {
        case let .array(items, mutable): return .array(items.map { convert($0) }, mutable: mutable)
        case let .set(items, mutable): return .set(items.map { convert($0) }, mutable: mutable)
        case let .orderedSet(items, mutable): return .orderedSet(items.map { convert($0) }, mutable: mutable)
        case let .dictionary(entries, mutable):
            return .dictionary(entries.map { .init(convert($0.key), convert($0.value)) }, mutable: mutable)
        case let .mutableString(string): return .string(string, mutable: true)
        case let .mutableData(data): return .data(data, mutable: true)
        case let .instance(className, _, properties):
            let sorted = properties.sorted { Array($0.key.unicodeScalars.map(\.value)).lexicographicallyPrecedes($1.key.unicodeScalars.map(\.value)) }
            return .object(className: className, properties: sorted.map { .init($0.key, convert($0.value)) })
        }
    }
}
