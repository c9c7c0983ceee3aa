import ArchiveTestSupport
import FastCodingKit
import Foundation

/// Converts what the untyped reader produced into the shared vectors' expected-value scheme.
struct TypedValueConverter {
    /// Class names the original decoder could instantiate (the vectors' model classes); objects of
    /// other classes came back from the original as `{"$class": name, …}` mutable dictionaries.
    var knownClasses: Set<String> = [
        "Address", "Person", "Employee", "TreeNode", "ScalarBox", "Contact", "Temperature",
    ]
    private var ids: [ObjectIdentifier: Int] = [:]

    static func convert(_ value: FastValue) -> TypedValue {
        var converter = TypedValueConverter()
        return converter.convert(value).resolvingSharedInstances()
    }

    mutating func convert(_ value: FastValue) -> TypedValue {
        switch value {
        case .absent: return .absent
        case .null: return .null
        case let .bool(flag): return .bool(flag)
        case let .integer(integer): return .int(integer)
        case let .float(float): return .float(Double(float))
        case let .double(double): return .double(double)
        case let .decimal(decimal): return .double(NSDecimalNumber(decimal: decimal).doubleValue)
        case let .string(string): return .string(string, mutable: false)
        case let .url(relative, base):
            return .url(
                relative: relative, base: base.map { TypedValue.URLBase(convert($0)) },
                absolute: value.foundationURL?.absoluteString ?? relative)
        case let .structValue(structValue): return .string(String(describing: structValue), mutable: false)
        case let .reference(node): return convert(node)
        }
    }

    private mutating func convert(_ node: FastReference) -> TypedValue {
        switch node.content {
        case let .data(data, false): return .data(data, mutable: false)
        case let .date(date): return .date(sinceReferenceDate: date.timeIntervalSinceReferenceDate)
        default: break
        }
        let key = ObjectIdentifier(node)
        if let id = ids[key] { return .instanceReference(id: id) }
        let id = ids.count
        ids[key] = id
        return .instance(id: id, convertContent(node.content))
    }

    private mutating func convertContent(_ content: FastReference.Content) -> TypedValue {
        switch content {
        case let .mutableString(string): return .string(string, mutable: true)
        case let .data(data, mutable): return .data(data, mutable: mutable)
        case let .date(date): return .date(sinceReferenceDate: date.timeIntervalSinceReferenceDate)
        case let .array(values, mutable): return .array(values.map { convert($0) }, mutable: mutable)
        case let .set(values, mutable): return .set(values.map { convert($0) }, mutable: mutable)
        case let .orderedSet(values, mutable): return .orderedSet(values.map { convert($0) }, mutable: mutable)
        case let .dictionary(entries, mutable):
            return .dictionary(entries.map { TypedValue.Entry(convert($0.key), convert($0.value)) }, mutable: mutable)
        case let .indexSet(ranges, mutable):
            return .indexSet(
                ranges.map { TypedValue.IndexRange(location: Int64($0.location), length: Int64($0.length)) },
                mutable: mutable)
        case let .object(className, properties):
            if knownClasses.contains(className) {
                return .object(
                    className: className, properties: properties.map { TypedValue.Property($0.name, convert($0.value)) }
                )
            }
            var entries = properties.compactMap { property -> TypedValue.Entry? in
                if case .absent = property.value { return nil }
                return TypedValue.Entry(.string(property.name, mutable: false), convert(property.value))
            }
            entries.append(TypedValue.Entry(.string("$class", mutable: false), .string(className, mutable: false)))
            return .dictionary(entries, mutable: true)
        case let .codedObject(className, entries):
            return .object(
                className: className,
                properties: entries.map {
                    TypedValue.Property(String(describing: $0.key), convert($0.value))
                })
        case let .keyedArchive(archive):
            return convert(.reference(archive))
        }
    }
}
