import Foundation

/// A ``Folder/create(at:mode:)-(URL,_)`` that failed: the folder that could not be made, and why.
package struct FolderCreationError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The folder (the one asked for, or a parent of it) that could not be made.
    package let path: String
    /// The `errno` value the system reported (`ENOTDIR` when a file is in the way).
    package let code: Int32

    package init(path: String, code: Int32) {
        self.path = path
        self.code = code
    }

    /// Why, without the path ("Not a directory (errno 20)"), and what to do when there is advice.
    package var reason: String {
        SystemError.describeWithAdvice(code)
    }

    package var errorDescription: String? { "could not create the folder '\(path)': \(reason)" }

    package var description: String { errorDescription ?? "" }
}
