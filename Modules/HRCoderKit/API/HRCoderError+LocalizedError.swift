import Foundation

extension HRCoderError: LocalizedError {
    /// The problem, the byte offset or key path and, where there is one, the fix:
    /// ``description`` with the fix added when it lacks one.
    public var errorDescription: String? {
        switch self {
        case .unrepresentable:
            description + "; write the value as a property list (outputFormat .xml or .binary)"
        default:
            description
        }
    }
}
