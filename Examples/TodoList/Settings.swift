import BaseModelKit
import Foundation

/// The program's settings, kept in `UserDefaults` (suite "TodoList"), one entry per property.
final class Settings: BaseModel {
    static var storage: BaseModelStorage { .userDefaults(suite: suiteName) }

    /// The defaults suite; on Linux a property list in `$XDG_CONFIG_HOME` (else `~/.config`).
    static let suiteName = "TodoList"

    /// Whether `list` shows each item's creation date.
    var showDates = false

    init() {}

    /// Where the suite's entries are kept on this platform, for `where`.
    static var location: String {
        #if canImport(Darwin)
            return "UserDefaults suite '\(suiteName)' (~/Library/Preferences/\(suiteName).plist)"
        #else
            let environment = ProcessInfo.processInfo.environment
            let config =
                environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
                ?? (environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()) + "/.config"
            return "UserDefaults suite '\(suiteName)' (\(config)/\(suiteName).plist)"
        #endif
    }
}
