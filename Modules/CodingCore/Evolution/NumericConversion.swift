/// Exact conversions between the widths of integers and of floating-point numbers, for a
/// default written as one width and read as another by a hand-written `init(from:)`.
enum NumericConversion {
    /// `value` as a `T`, when both are integers or both floating point and the value fits
    /// exactly; `nil` otherwise.
    static func exactly<T>(_ value: Any, as type: T.Type) -> T? {
        if let integer = value as? any BinaryInteger, let target = type as? any BinaryInteger.Type {
            return convertInteger(integer, to: target) as? T
        }
        if let number = value as? any BinaryFloatingPoint, let target = type as? any BinaryFloatingPoint.Type {
            return convertFloatingPoint(number, to: target) as? T
        }
        return nil
    }

    private static func convertInteger<Source: BinaryInteger, Target: BinaryInteger>(
        _ value: Source, to type: Target.Type
    ) -> Target? {
        Target(exactly: value)
    }

    private static func convertFloatingPoint<Source: BinaryFloatingPoint, Target: BinaryFloatingPoint>(
        _ value: Source, to type: Target.Type
    ) -> Target? {
        if value.isNaN { return .nan }
        return Target(exactly: value)
    }
}
