import Foundation

extension CryptoCodingError: LocalizedError {
    /// The problem, where it is and, where there is one, the fix: ``description`` with the fix
    /// added when it lacks one. No case ever shows a password or key material.
    public var errorDescription: String? {
        switch self {
        case let .innerFormatMismatch(_, found):
            description + "; read it with an EncryptedFormat whose inner format is '\(found)'"
        case .emptyPassword:
            description + "; give a password of at least one character"
        case .unsupportedVersion, .legacyVersionUnsupported:
            description + "; it may have been written by a newer version of the kit"
        default:
            description
        }
    }
}
