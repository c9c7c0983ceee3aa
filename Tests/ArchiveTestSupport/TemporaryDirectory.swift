import Foundation

/// A fresh, empty folder under the system's temporary folder, removed when released.
public final class TemporaryDirectory: @unchecked Sendable {
    /// The folder's location.
    public let url: URL

    /// Creates the folder; `prefix` makes leftovers recognisable.
    public init(prefix: String = "coding-tests") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the folder.
    public func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    deinit {
        // Make read-only test folders removable again before deleting.
        if let paths = FileManager.default.enumerator(atPath: url.path) {
            for case let path as String in paths {
                try? FileManager.default.setAttributes(
                    [.posixPermissions: 0o755], ofItemAtPath: url.appendingPathComponent(path).path)
            }
        }
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        try? FileManager.default.removeItem(at: url)
    }
}
