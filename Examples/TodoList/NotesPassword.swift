import BaseModelKit
import Foundation
import KeychainStore

/// The notes' password: 32 random bytes (base64) made on first use and kept in a KeychainStore,
/// so the person never types it and it is never in a file as plain text.
enum NotesPassword {
    static let service = "TodoList"
    static let key = "private-notes-password"

    /// The keychain folder inside the program's data folder.
    static var keychainDirectory: URL {
        SaveLocation.directory.appendingPathComponent("keychain", isDirectory: true)
    }

    /// The stored password, made and stored first if there is none: in one step under the
    /// store's lock, so programs started at once all use the same password.
    static func password(in directory: URL) throws -> String {
        let store = KeychainStore(service: service, directory: directory)
        return try store.string(
            forKey: key,
            storingIfAbsent: {
                var generator = SystemRandomNumberGenerator()
                return Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
                    .base64EncodedString()
            })
    }
}
