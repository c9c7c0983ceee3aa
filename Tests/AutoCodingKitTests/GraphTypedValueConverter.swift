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
        case .bool(let bool): return .bool(bool)
        case .integer(let integer): return .int(integer)
        case .unsignedInteger(let integer): return .double(Double(integer))
        case .real(let real): return .double(real)
        case .string(let string): return .string(string, mutable: false)
        case .data(let data): return .data(data, mutable: false)
        case .date(let date): return .date(sinceReferenceDate: date.timeIntervalSinceReferenceDate)
        case .url(let relative, let base):
            let baseValue = base.map { convert($0) }
            let baseURL: URL? = if case .url(_, _, let absolute)? = baseValue { URL(string: absolute) } else { nil }
            let absolute = URL(string: relative, relativeTo: baseURL)?.absoluteString ?? relative
            return .url(relative: relative, base: baseValue.map { TypedValue.URLBase($0) }, absolute: absolute)
        case .array(let items):
            return .array(items.map { convert($0) }, mutable: false)
        case .dictionary(let properties):
            return .dictionary(
                properties.map { .init(.string($0.key, mutable: false), convert($0.value)) }, mutable: false)
        case .object(let id):
            guard seen.insert(id).inserted else { return .instanceReference(id: id.index) }
            guard let object = graph[id] else { return .sameAs("<missing object \(id)>") }
            return .instance(id: id.index, convert(object))
        }
    }

    private mutating func convert(_ object: KeyedArchiveObject) -> TypedValue {
        switch object {
        case .array(let items, let mutable): return .array(items.map { convert($0) }, mutable: mutable)
        case .set(let items, let mutable): return .set(items.map { convert($0) }, mutable: mutable)
        case .orderedSet(let items, let mutable): return .orderedSet(items.map { convert($0) }, mutable: mutable)
        case .dictionary(let entries, let mutable):
            return .dictionary(entries.map { .init(convert($0.key), convert($0.value)) }, mutable: mutable)
        case .mutableString(let string): return .string(string, mutable: true)
        case .mutableData(let data): return .data(data, mutable: true)
        case .instance(let className, _, let properties):
            let sorted = properties.sorted {
                Array($0.key.unicodeScalars.map(\.value)).lexicographicallyPrecedes($1.key.unicodeScalars.map(\.value))
            }
            return .object(className: className, properties: sorted.map { .init($0.key, convert($0.value)) })
        }
    }
}
