/// `Optional<Wrapped>` seen from outside, so reflection can tell a `nil` property from a value.
protocol OptionalShape {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalShape {
    var wrappedValue: Any? {
        switch self {
        case let .some(value): value
        case .none: nil
        }
    }
}

/// A value wrapped in an optional, unwrapped all the way down; `nil` when it is `nil`.
func unwrappedOptional(_ value: Any) -> Any? {
    guard let optional = value as? any OptionalShape else { return value }
    return optional.wrappedValue.flatMap(unwrappedOptional)
}
