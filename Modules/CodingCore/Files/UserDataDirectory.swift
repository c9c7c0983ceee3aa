import Foundation

/// The per-user folder where a program keeps its data files: the one rule every kit and program
/// of the suite follows (KeychainStore's default folder, BaseModelKit's save folder, the examples).
public enum UserDataDirectory {
    /// `$XDG_DATA_HOME/<application>` when `XDG_DATA_HOME` is an absolute path, else
    /// `~/.local/share/<application>` (Linux) or `~/Library/Application Support/<application>` (macOS).
    /// Nothing is created.
    ///
    /// A folder whose path is not UTF-8 cannot be spelled as a `URL` on Linux: its bytes arrive
    /// here as U+FFFD, and ``AtomicFile``, ``FileContents`` and KeychainStore refuse such a path
    /// (`EILSEQ`, saying so) rather than use a folder of another name.
    public static func url(
        for application: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return URL(fileURLWithPath: data, isDirectory: true).appendingPathComponent(application, isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        #if os(macOS)
            let base = "Library/Application Support"
        #else
            let base = ".local/share"
        #endif
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(base, isDirectory: true)
            .appendingPathComponent(application, isDirectory: true)
    }
}
