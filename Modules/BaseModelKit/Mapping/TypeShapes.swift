import Foundation

// Ways to look inside `Optional`, `Array` and `Dictionary` types and values known only as `Any`,
// so the dictionary mapping can tell what a property expects.

/// `Optional<Wrapped>`, seen from outside.
protocol OptionalShape {
    static var wrappedType: Any.Type { get }
    var wrappedValue: Any? { get }
}

extension Optional: OptionalShape {
    static var wrappedType: Any.Type { Wrapped.self }

    var wrappedValue: Any? {
        switch self {
        case let .some(value): value
        case .none: nil
        }
    }
}

/// `Array<Element>`, seen from outside.
protocol ArrayShape {
    static var elementType: Any.Type { get }
}

extension Array: ArrayShape {
    static var elementType: Any.Type { Element.self }
}

/// `Dictionary<String, Value>`, seen from outside.
protocol StringKeyedDictionaryShape {
    static var valueType: Any.Type { get }
}

extension Dictionary: StringKeyedDictionaryShape where Key == String {
    static var valueType: Any.Type { Value.self }
}

/// A value wrapped in an optional, unwrapped all the way down; `nil` when it is `nil`.
func unwrappedOptional(_ value: Any) -> Any? {
    guard let optional = value as? any OptionalShape else { return value }
    return optional.wrappedValue.flatMap(unwrappedOptional)
}
