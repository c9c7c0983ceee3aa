import Foundation

/// The folder relative save files resolve against, and how programs and tests redirect it.
///
/// By default it is `$XDG_DATA_HOME/<app>/` when `XDG_DATA_HOME` holds an absolute path (the
/// XDG rule; an empty or relative value is ignored), else
/// `~/.local/share/<app>/` on Linux and `~/Library/Application Support/<app>/` on macOS, where
/// `<app>` is ``applicationName``. Set ``directoryOverride`` to send every model's files elsewhere, or
/// give one model its own ``BaseModel/saveDirectory``. The folder is created when a model saves.
public enum SaveLocation {
    private static let state = Locked<(directory: URL?, applicationName: String?)>((nil, nil))

    /// The program's name in the default folder: the bundle name on macOS, else the process name.
    public static var applicationName: String {
        get {
            state.read { $0.applicationName }
                ?? (Bundle.main.object(forInfoDictionaryKey: "CFBundleName") as? String)
                ?? ProcessInfo.processInfo.processName
        }
        set { state.update { $0.applicationName = newValue } }
    }

    /// A folder that replaces the default for every model that does not name its own
    /// ``BaseModel/saveDirectory``; `nil` (the default) restores the platform's folder.
    public static var directoryOverride: URL? {
        get { state.read { $0.directory } }
        set { state.update { $0.directory = newValue } }
    }

    /// The folder relative save files resolve against: ``directoryOverride`` or the default.
    public static var directory: URL {
        directoryOverride
            ?? defaultDirectory(
                applicationName: applicationName,
                environment: ProcessInfo.processInfo.environment,
                homeDirectory: FileManager.default.homeDirectoryForCurrentUser)
    }

    /// The default folder for a program called `applicationName`, given the environment and home folder.
    public static func defaultDirectory(
        applicationName: String,
        environment: [String: String],
        homeDirectory: URL
    ) -> URL {
        var environment = environment
        environment["HOME"] = homeDirectory.path
        return UserDataDirectory.url(for: applicationName, environment: environment)
    }
}
