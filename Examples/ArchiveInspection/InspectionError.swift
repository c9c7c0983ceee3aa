import Foundation

/// Why a file could not be inspected or converted: one line a person can act on.
package struct InspectionError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// What went wrong, without a trailing period.
    package let message: String

    package init(_ message: String) {
        self.message = message
    }

    /// A target format that cannot hold something the tree has.
    package static func cannotHold(_ format: String, _ what: String) -> InspectionError {
        InspectionError("\(format) cannot hold \(what)")
    }

    package var errorDescription: String? { message }

    package var description: String { message }
}
