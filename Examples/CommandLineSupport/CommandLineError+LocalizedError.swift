import Foundation

extension CommandLineError: LocalizedError {
    /// The message the command reports (as ``description``).
    public var errorDescription: String? { message }
}
