/// Why a class name recorded in an archive could not be turned into a class.
///
/// Decoders wrap this in a `DecodingError` that adds the coding path.
public enum ClassResolutionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No class is known under `name` (not registered, not found at run time).
    case unknownClass(name: String, expected: String)
    /// A class was found under `name`, but it is neither `expected` nor a subclass of it.
    case notASubclass(name: String, found: String, expected: String)
    /// Untyped decoding found a name that was never registered; only registered classes may be built.
    case unregisteredClass(name: String)

    public var description: String {
        switch self {
        case let .unknownClass(name, expected):
            "no class named '\(name)' is known (expected \(expected) or a subclass); register it with ClassNameRegistry"
        case let .notASubclass(name, found, expected):
            "class name '\(name)' resolves to \(found), which is not \(expected) or a subclass of it"
        case let .unregisteredClass(name):
            "class name '\(name)' is not registered; untyped decoding builds registered classes only"
        }
    }
}
