import Foundation

/// Inputs that once crashed a fuzz target, kept in `Tests/Fuzz/Reproducers/` and replayed by
/// the kits' tests so the crashes stay fixed. Each file name starts with its target's name.
public enum FuzzReproducers {
    /// The folder holding the reproducers.
    public static let directory = SharedVectors.packageRoot
        .appendingPathComponent("Tests/Fuzz/Reproducers", isDirectory: true)

    /// The reproducers of one fuzz target (file names starting with `target-`), sorted by name.
    public static func files(forTarget target: String) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix(target + "-") }.sorted().map { directory.appendingPathComponent($0) }
    }
}
