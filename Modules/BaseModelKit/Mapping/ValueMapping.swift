import Foundation

/// Turns one value of an input dictionary into what the property it names expects, as a
/// property-list value Foundation's `PropertyListDecoder` can then decode.
///
/// This is not a coder: it only reshapes the input where the original's key-value coding was
/// lenient (numbers ↔ strings ↔ booleans, JSON's date and base64 strings), builds nested models
/// through their own ``BaseModel/instance(with:)``, and drops `null`s. Decoding stays Foundation's.
enum ValueMapping {
    /// `value` shaped for a property of declared type `type`; `nil` when it is null.
    static func convert(_ value: Any, to type: Any.Type, _ context: MappingContext) throws -> Any? {
        if let optional = type as? any OptionalShape.Type {
            return try convert(value, to: optional.wrappedType, context)
        }
        if value is NSNull { return nil }
        if let model = type as? any BaseModel.Type {
            if let dictionary = value as? [String: Any] {
                return try model.mappedTree(with: dictionary, context)
            }
            return try model.instance(with: value, context)?.propertyListTree()
        }
        if let arrayType = type as? any ArrayShape.Type, let array = value as? [Any], !(value is String) {
            return try array.enumerated().compactMap { index, element in
                try convert(element, to: arrayType.elementType, context.index(index))
            }
        }
        if let dictionaryType = type as? any StringKeyedDictionaryShape.Type, let dictionary = value as? [String: Any] {
            var result: [String: Any] = [:]
            for (key, element) in dictionary {
                result[key] = try convert(element, to: dictionaryType.valueType, context.key(key))
            }
            return result
        }
        if let scalar = ScalarConversion.convert(value, to: type) {
            return scalar
        }
        return try sanitize(value, context)
    }

    /// `value` as a property-list value: `null`s dropped, anything a property list cannot hold refused.
    static func sanitize(_ value: Any, _ context: MappingContext) throws -> Any? {
        switch value {
        case is NSNull:
            return nil
        case is String, is Data, is Date:
            return value
        case let dictionary as [String: Any]:
            var result: [String: Any] = [:]
            for (key, element) in dictionary {
                result[key] = try sanitize(element, context.key(key))
            }
            return result
        case is [AnyHashable: Any]:
            throw BaseModelError.nonStringKey(type: context.typeName, path: context.displayPath)
        case let array as [Any]:
            return try array.enumerated().compactMap { index, element in try sanitize(element, context.index(index)) }
        case let number as NSNumber:
            return number
        default:
            throw BaseModelError.unrepresentableValue(
                type: context.typeName, path: context.displayPath,
                reason: "a property list cannot hold a value of type \(type(of: value))")
        }
    }
}
