import Foundation

extension BaseModel {
    /// A new model with its set-up values (`init()`) and then its resource defaults (``resourceFile``).
    ///
    /// - Throws: ``BaseModelError`` when the resource file exists but cannot be read.
    public static func instance() throws -> Self {
        let model = Self()
        guard let resource = try ResourceDefaults.content(for: Self.self) else { return model }
        switch resource {
        case let .model(decoded):
            return decoded
        case let .object(object):
            return try ResourceDefaults.applying(Self.self) {
                try apply(object, to: model, .top(typeName)) ?? model
            }
        }
    }

    /// A new model built from `object`: set-up values, then resource defaults, then `object`.
    ///
    /// - A dictionary sets the properties its keys name: nested dictionaries and arrays become
    ///   nested models (and arrays of models); strings, numbers and booleans convert to the
    ///   property's type as the original's key-value coding did (`"42"` → `42`, `1` → `true`,
    ///   `2.7` → `2` for an integer); JSON's ISO 8601 date strings and base64 strings become
    ///   `Date` and `Data`; `null` makes an optional `nil` and keeps a non-optional's default;
    ///   a missing key keeps its default; unknown keys are ignored.
    /// - An array, string, number, data or date goes to the model's hook
    ///   (``ArraySettable``, ``StringSettable``, ``NumberSettable``, ``DataSettable``, ``DateSettable``).
    /// - `nil` and `NSNull` give `nil`.
    ///
    /// - Throws: ``BaseModelError`` for a kind of value the model has no hook for, or a value a
    ///   property list cannot hold; the decoder's `DecodingError` (with its coding path) for a
    ///   value that cannot become the property's type.
    public static func instance(with object: Any?) throws -> Self? {
        try instance(with: object, .top(typeName))
    }

    /// Models built from the elements of `array` with ``instance(with:)``, skipping each element
    /// that cannot become a model (`null`, a kind of value without a hook, a wrong-typed value).
    public static func instances(with array: [Any]) -> [Self] {
        array.compactMap { try? instance(with: $0) }
    }

    static func instance(with object: Any?, _ context: MappingContext) throws -> Self? {
        guard let object, !(object is NSNull) else { return nil }
        return try apply(object, to: instance(), context)
    }

    /// Applies `object` to `base` (which already has its set-up values and resource defaults).
    static func apply(_ object: Any, to base: Self, _ context: MappingContext) throws -> Self? {
        switch object {
        case is NSNull:
            return nil
        case let string as String:
            return try hook(
                base, as: (any StringSettable).self, kind: "a string",
                hook: "StringSettable.setWithString(_:)"
            ) {
                try $0.setWithString(string)
            }
        case let data as Data:
            return try hook(
                base, as: (any DataSettable).self, kind: "data",
                hook: "DataSettable.setWithData(_:)"
            ) {
                try $0.setWithData(data)
            }
        case let date as Date:
            return try hook(
                base, as: (any DateSettable).self, kind: "a date",
                hook: "DateSettable.setWithDate(_:)"
            ) {
                try $0.setWithDate(date)
            }
        case let dictionary as [String: Any]:
            return try merging(dictionary, onto: base, context)
        case is [AnyHashable: Any]:
            throw BaseModelError.nonStringKey(type: typeName, path: context.displayPath)
        case let array as [Any]:
            return try hook(
                base, as: (any ArraySettable).self, kind: "an array",
                hook: "ArraySettable.setWithArray(_:)"
            ) {
                try $0.setWithArray(array)
            }
        case let number as NSNumber:
            return try hook(
                base, as: (any NumberSettable).self, kind: "a number",
                hook: "NumberSettable.setWithNumber(_:)"
            ) {
                try $0.setWithNumber(number)
            }
        default:
            throw BaseModelError.unsupportedValue(
                type: typeName, kind: "a value of type \(type(of: object))", hook: "a dictionary or a hook protocol")
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

    /// `base` with the keys of `dictionary` set: its property-list tree, overlaid with the
    /// converted values, decoded again by Foundation's `PropertyListDecoder`.
    static func merging(_ dictionary: [String: Any], onto base: Self, _ context: MappingContext) throws -> Self {
        let tree = try mergedTree(dictionary, onto: base, context)
        guard PropertyListSerialization.propertyList(tree, isValidFor: .binary) else {
            throw BaseModelError.unrepresentableValue(
                type: typeName, path: context.displayPath, reason: "the mapped values do not form a property list")
        }
        let data = try PropertyListSerialization.data(fromPropertyList: tree, format: .binary, options: 0)
        return try PropertyListDecoder().decode(Self.self, from: data)
    }

    /// The property-list tree of a new instance made from `dictionary`, without decoding it:
    /// nested models are built as trees too, so a deep input is decoded once, at the top.
    static func mappedTree(with dictionary: [String: Any], _ context: MappingContext) throws -> [String: Any] {
        try mergedTree(dictionary, onto: instance(), context)
    }

    private static func mergedTree(
        _ dictionary: [String: Any], onto base: Self, _ context: MappingContext
    ) throws -> [String: Any] {
        var tree = try base.propertyListTree()
        let types = ModelProperties(of: base).typesByName
        for (key, value) in dictionary {
            let keyContext = try context.key(key)
            if let type = types[key] {
                if let converted = try ValueMapping.convert(value, to: type, keyContext) {
                    tree[key] = converted
                } else if type is any OptionalShape.Type {
                    tree.removeValue(forKey: key)
                }
            } else if tree[key] != nil {
                // A coding key that differs from the property's name.
                tree[key] = try ValueMapping.sanitize(value, keyContext)
            } else if let plain = try? ValueMapping.sanitize(value, keyContext),
                PropertyListSerialization.propertyList(plain, isValidFor: .binary)
            {
                // Unknown to reflection, perhaps the renamed key of a `nil` optional: kept if
                // harmless, since the decoder ignores keys it does not know.
                tree[key] = plain
            }
        }
        return tree
    }
}
