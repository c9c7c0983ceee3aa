import Foundation

/// The `Decoder` of BaseModelKit's plain formats: reads a Foundation value tree (what
/// `JSONSerialization` and `PropertyListSerialization` parse, or a dictionary given to
/// ``BaseModel/instance(with:)``) into a `Decodable` type, with the evolution contract
/// (``Evolvable``) and the original's exact lenient conversions (``PlainScalars``).
struct PlainDecoder: Decoder {
    let value: Any
    let codingPath: [any CodingKey]
    let state: PlainDecodingState
    /// The type whose `init(from:)` reads this value: its keyed containers fill missing keys
    /// from its defaults.
    let decodedType: Any.Type?
    /// Whether this is the top-level value, whose missing keys may come from the value a
    /// decode layers over.
    let isRoot: Bool

    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if let observed = try ObservationKeys.decodingContainer(
            keyedBy: type, { try container(keyedBy: ArchiveCodingKey.self) })
        {
            return observed
        }
        guard let entries = value as? [String: Any] else {
            throw mismatch([String: Any].self, value, codingPath)
        }
        return KeyedDecodingContainer(
            PlainKeyedDecodingContainer<Key>(
                entries: entries, codingPath: codingPath, state: state, decodedType: decodedType, isRoot: isRoot))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let elements = value as? [Any] else {
            throw mismatch([Any].self, value, codingPath)
        }
        return PlainUnkeyedDecodingContainer(elements: elements, codingPath: codingPath, state: state)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        PlainSingleValueDecodingContainer(value: value, codingPath: codingPath, state: state)
    }

    /// Decodes a `T` from `value` at `codingPath`: scalars and Foundation's special types by
    /// ``PlainScalars``, anything else through `T(from:)` one level deeper.
    static func decode<T: Decodable>(
        _ type: T.Type, from value: Any, codingPath: [any CodingKey], state: PlainDecodingState
    ) throws -> T {
        if let scalar = try scalar(type, from: value, codingPath: codingPath) { return scalar }
        if let model = try hookedModel(type, from: value) { return model }
        return try state.descend(codingPath) {
            try T(
                from: PlainDecoder(
                    value: value, codingPath: codingPath, state: state, decodedType: T.self, isRoot: false))
        }
    }

    /// A model made by its hook (``StringSettable`` …) when `T` is a ``BaseModel`` and `value` is
    /// a kind of value other than a dictionary; `nil` otherwise.
    private static func hookedModel<T>(_ type: T.Type, from value: Any) throws -> T? {
        guard !(value is [String: Any]), !(value is NSNull), let model = type as? any BaseModel.Type else { return nil }
        func make<Model: BaseModel>(_ model: Model.Type) throws -> Model { try Model.hooked(value, Model()) }
        return try make(model) as? T
    }

    /// `value` as a `T` when `T` is a scalar or a Foundation type the plain formats write as a
    /// scalar; `nil` when `T` is none of these.
    ///
    /// - Throws: a type mismatch when `T` is such a type and `value` does not convert exactly.
    static func scalar<T>(_ type: T.Type, from value: Any, codingPath: [any CodingKey]) throws -> T? {
        let converted: Any?
        switch type {
        case is Bool.Type: converted = PlainScalars.bool(value)
        case is String.Type: converted = PlainScalars.string(value)
        case is Double.Type: converted = PlainScalars.double(value)
        case is Float.Type: converted = PlainScalars.float(value)
        case is Int.Type: converted = PlainScalars.integer(value, as: Int.self)
        case is Int8.Type: converted = PlainScalars.integer(value, as: Int8.self)
        case is Int16.Type: converted = PlainScalars.integer(value, as: Int16.self)
        case is Int32.Type: converted = PlainScalars.integer(value, as: Int32.self)
        case is Int64.Type: converted = PlainScalars.integer(value, as: Int64.self)
        case is UInt.Type: converted = PlainScalars.integer(value, as: UInt.self)
        case is UInt8.Type: converted = PlainScalars.integer(value, as: UInt8.self)
        case is UInt16.Type: converted = PlainScalars.integer(value, as: UInt16.self)
        case is UInt32.Type: converted = PlainScalars.integer(value, as: UInt32.self)
        case is UInt64.Type: converted = PlainScalars.integer(value, as: UInt64.self)
        case is Date.Type: converted = PlainScalars.date(value)
        case is Data.Type: converted = PlainScalars.data(value)
        case is URL.Type, is Decimal.Type:
            // Property lists hold these as their own keyed coding (`relative` and `base`, a
            // decimal's parts): decoded through their `init(from:)`.
            if value is [String: Any] { return nil }
            converted = type is URL.Type ? PlainScalars.url(value) : PlainScalars.decimal(value)
        default:
            guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return nil }
            switch type {
            case is Int128.Type: converted = PlainScalars.integer(value, as: Int128.self)
            case is UInt128.Type: converted = PlainScalars.integer(value, as: UInt128.self)
            default: return nil
            }
        }
        guard let result = converted as? T else { throw mismatch(type, value, codingPath) }
        return result
    }
}

/// The type mismatch of a plain value that is not what its decoder asks for, naming both.
func mismatch(_ type: Any.Type, _ value: Any, _ codingPath: [any CodingKey]) -> DecodingError {
    if value is NSNull {
        return DecodingError.valueNotFound(
            type, DecodingError.Context(codingPath: codingPath, debugDescription: "expected \(type) but found null"))
    }
    return DecodingError.typeMismatch(
        type,
        DecodingError.Context(
            codingPath: codingPath, debugDescription: "expected \(type) but found \(PlainScalars.kind(of: value))"))
}
