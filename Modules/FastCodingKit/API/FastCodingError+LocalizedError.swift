import Foundation

extension FastCodingError: LocalizedError {
    /// The problem, the byte offset and, where there is one, the fix: ``description`` with the
    /// fix added when it lacks one.
    public var errorDescription: String? {
        switch self {
        case .nestingTooDeep:
            description + "; raise maximumDepth if the archive is trusted"
        case .badIdentifier, .tooShort:
            description + "; check that the file is a FastCoding archive"
        default:
            description
        }
    }
}
