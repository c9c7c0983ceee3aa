import Foundation

/// A decoded value described the way the shared vectors' expectation files describe it.
///
/// This is the expected-value JSON scheme of `shared/vectors/README.md` as a Swift tree:
/// tests turn what a kit decoded into a `TypedValue` and compare it with the expectation
/// (see ``TypedValue/mismatches(against:options:)``).
public indirect enum TypedValue: Equatable, Sendable {
    /// `{"type":"nil"}`: no value (an absent object property).
    case absent
    /// `{"type":"null"}`: NSNull.
    case null
    case bool(Bool)
    /// An integer of any wire width.
    case int(Int64)
    /// A 32-bit float, widened to `Double`.
    case float(Double)
    case double(Double)
    /// HRCoder only: any non-boolean number, compared numerically with every number kind.
    case number(Double)
    case string(String, mutable: Bool)
    case data(Data, mutable: Bool)
    case date(sinceReferenceDate: Double)
    /// A URL: relative string, optional base (itself a `.url`), and the resolved absolute string.
    case url(relative: String, base: URLBase?, absolute: String)
    case array([TypedValue], mutable: Bool)
    case dictionary([Entry], mutable: Bool)
    case set([TypedValue], mutable: Bool)
    case orderedSet([TypedValue], mutable: Bool)
    case indexSet([IndexRange], mutable: Bool)
    /// A custom object: its class name and its coded properties in order.
    case object(className: String, properties: [Property])
    /// The very same instance as the node at this JSON Pointer (RFC 6901, from the root).
    case sameAs(String)
    /// A converter's first sight of a shared instance `id`; see ``resolvingSharedInstances()``.
    case instance(id: Int, TypedValue)
    /// A converter's later sight of instance `id`; see ``resolvingSharedInstances()``.
    case instanceReference(id: Int)

    /// A dictionary entry.
    public struct Entry: Equatable, Sendable {
        public var key: TypedValue
        public var value: TypedValue
        public init(_ key: TypedValue, _ value: TypedValue) {
            self.key = key
            self.value = value
        }
    }

    /// An object property.
    public struct Property: Equatable, Sendable {
        public var name: String
        public var value: TypedValue
        public init(_ name: String, _ value: TypedValue) {
            self.name = name
            self.value = value
        }
    }

    /// One contiguous range of an index set.
    public struct IndexRange: Equatable, Sendable {
        public var location: Int64
        public var length: Int64
        public init(location: Int64, length: Int64) {
            self.location = location
            self.length = length
        }
    }

    /// The base of a URL (boxed, because enums cannot nest themselves in a struct directly).
    public struct URLBase: Equatable, Sendable {
        public var value: TypedValue
        public init(_ value: TypedValue) { self.value = value }
    }

    /// The scheme's `type` name of this node (`"mutableArray"`, `"object"`, …).
    public var typeName: String {
        switch self {
        case .absent: "nil"
        case .null: "null"
        case .bool: "bool"
        case .int: "int"
        case .float: "float"
        case .double: "double"
        case .number: "number"
        case let .string(_, mutable): mutable ? "mutableString" : "string"
        case let .data(_, mutable): mutable ? "mutableData" : "data"
        case .date: "date"
        case .url: "url"
        case let .array(_, mutable): mutable ? "mutableArray" : "array"
        case let .dictionary(_, mutable): mutable ? "mutableDict" : "dict"
        case let .set(_, mutable): mutable ? "mutableSet" : "set"
        case let .orderedSet(_, mutable): mutable ? "mutableOrderedSet" : "orderedSet"
        case let .indexSet(_, mutable): mutable ? "mutableIndexSet" : "indexSet"
        case .object: "object"
        case .sameAs: "sameAs"
        case .instance: "instance"
        case .instanceReference: "instanceReference"
        }
    }
}
