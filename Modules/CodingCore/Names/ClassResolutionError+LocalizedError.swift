import Foundation

extension ClassResolutionError: LocalizedError {
    /// The class name, what was expected and, where there is one, the fix: ``description``
    /// with the fix added when it lacks one.
    public var errorDescription: String? {
        switch self {
        case .notASubclass:
            description + "; register the expected class under that name with ClassNameRegistry"
        case .unregisteredClass:
            description + "; register it with ClassNameRegistry"
        default:
            description
        }
    }
}
