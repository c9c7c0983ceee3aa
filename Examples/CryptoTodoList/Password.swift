import CommandLineSupport
import Foundation

/// The list's password: `$TODO_PASSWORD`, else asked for once on the terminal with echo off.
/// Never an argument, which other users could read in the process list.
enum Password {
    /// Read the first time a password is needed (only when the list is read or written).
    static let value: Result<String, CommandLineError> = Result {
        if let password = ProcessInfo.processInfo.environment["TODO_PASSWORD"], !password.isEmpty {
            return password
        }
        let data = try SecretInput.read(prompt: "Password for the todo list: ")
        guard let password = String(data: data, encoding: .utf8), !password.isEmpty else {
            throw CommandLineError("no password given (set TODO_PASSWORD or type one when asked)")
        }
        return password
    }.mapError { $0 as? CommandLineError ?? CommandLineError("cannot read the password: \($0)") }
}
