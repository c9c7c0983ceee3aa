import Foundation

extension BaseModel {
    /// A new model built in layers: its set-up values (`init()`), then its resource file
    /// (``resourceFile``) over them, which sets only the keys it holds.
    ///
    /// - Throws: ``BaseModelError`` naming the resource file when it exists but cannot be read.
    public static func instance() throws -> Self {
        try ResourceDefaults.layer(over: Self())
    }

    /// A new model built from `object`: set-up values, then resource defaults, then `object`.
    ///
    /// - A dictionary sets the properties its keys name, with the rules every decoder of the
    ///   suite follows for ``Evolvable`` types: a missing key keeps the value it had, a missing
    ///   optional is `nil`, unknown keys are ignored, nested dictionaries and arrays become
    ///   nested models. Values convert where they do so exactly, as the original's key-value
    ///   coding converted them (`"42"` → `42`, `1` → `true`, JSON's ISO 8601 and base64 strings
    ///   → `Date` and `Data`); anything else (`"large"` or `2.5` for an `Int`, `null` for a
    ///   non-optional) is a `DecodingError` naming the key.
    /// - An array, string, number, data or date goes to the model's hook
    ///   (``ArraySettable``, ``StringSettable``, ``NumberSettable``, ``DataSettable``, ``DateSettable``);
    ///   so does such a value where a nested model is expected.
    /// - `nil` and `NSNull` give `nil`.
    ///
    /// - Throws: ``BaseModelError`` for a kind of value the model has no hook for; the decoder's
    ///   `DecodingError` (with its coding path) for a value that cannot become the property's type.
    public static func instance(with object: Any?) throws -> Self? {
        guard let object, !(object is NSNull) else { return nil }
        return try model(from: object, over: instance(), inputSize: nil, source: nil)
    }

    /// Models built from the elements of `array` with ``instance(with:)``, skipping each element
    /// that cannot become a model (`null`, a kind of value without a hook, a wrong-typed value).
    public static func instances(with array: [Any]) -> [Self] {
        array.compactMap { try? instance(with: $0) }
    }

    /// The model a plain value tree makes, layered over `base`: a dictionary decoded over it,
    /// another kind of value handed to the model's hook.
    ///
    /// - Parameters:
    ///   - inputSize: The size of the input the tree was parsed from, for the expansion budget;
    ///     `nil` counts the tree's values.
    ///   - source: The file the tree was read from. A file whose top level holds none of the
    ///     model's keys, while the model needed some, is some other thing's file: an error.
    static func model(from tree: Any, over base: Self, inputSize: Int?, source: String?) throws -> Self {
        switch tree {
        case is NSNull:
            throw BaseModelError.noModel(type: typeName, path: source ?? "the value")
        case let dictionary as [String: Any]:
            let outcome = try PlainDecoding.decode(
                Self.self, from: dictionary, inputSize: inputSize ?? PlainValueCount.count(dictionary),
                over: TypeDefaults.layering(over: base, userInfo: [:]))
            if outcome.isForeign, let source {
                throw BaseModelError.notThisModel(type: typeName, path: source)
            }
            return outcome.value
        case is [AnyHashable: Any]:
            throw BaseModelError.nonStringKey(type: typeName, path: source ?? "(top level)")
        default:
            return try hooked(tree, base)
        }
    }

    /// `base` with a non-dictionary `value` handed to the hook its kind needs.
    static func hooked(_ value: Any, _ base: Self) throws -> Self {
        switch value {
        case let string as String:
            return try hook(
                base, as: (any StringSettable).self, kind: "a string", hook: "StringSettable.setWithString(_:)"
            ) {
                try $0.setWithString(string)
            }
        case let data as Data:
            return try hook(base, as: (any DataSettable).self, kind: "data", hook: "DataSettable.setWithData(_:)") {
                try $0.setWithData(data)
            }
        case let date as Date:
            return try hook(base, as: (any DateSettable).self, kind: "a date", hook: "DateSettable.setWithDate(_:)") {
                try $0.setWithDate(date)
            }
        case let array as [Any]:
            return try hook(
                base, as: (any ArraySettable).self, kind: "an array", hook: "ArraySettable.setWithArray(_:)"
            ) {
                try $0.setWithArray(array)
            }
        case let number as NSNumber:
            return try hook(
                base, as: (any NumberSettable).self, kind: "a number", hook: "NumberSettable.setWithNumber(_:)"
            ) {
                try $0.setWithNumber(number)
            }
        default:
            throw BaseModelError.unsupportedValue(
                type: typeName, kind: "a value of type \(type(of: value))", hook: "a dictionary or a hook protocol")
        }
    }

    private static func hook<Hook>(
        _ base: Self, as hookType: Hook.Type, kind: String, hook name: String, _ call: (Hook) throws -> Void
    ) throws -> Self {
        guard let hook = base as? Hook else {
            throw BaseModelError.unsupportedValue(type: typeName, kind: kind, hook: name)
        }
        try call(hook)
        return base
    }
}
