import Foundation

extension ChildProcessError: LocalizedError {
    /// The program and what went wrong (as ``description``).
    public var errorDescription: String? { description }
}
