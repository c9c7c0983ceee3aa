import Foundation

extension KeyedArchiveError: LocalizedError {
    /// The problem, where it is (byte offset, line or `$objects` entry) and, where there is
    /// one, the fix: ``description`` with the fix added when it lacks one.
    public var errorDescription: String? {
        switch self {
        case .nestingTooDeep:
            description + "; raise maximumDepth if the archive is trusted"
        case .notAPropertyList, .notAKeyedArchive:
            description + "; check that the file is an NSKeyedArchiver archive"
        default:
            description
        }
    }
}
