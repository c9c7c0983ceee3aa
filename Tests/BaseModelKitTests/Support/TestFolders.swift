import ArchiveTestSupport
import BaseModelKit
import Foundation

/// The folder each test model saves to and reads resources from, assigned by the test that uses
/// the model, so no test writes to the real home folder and tests can run in parallel.
final class TestFolders: @unchecked Sendable {
    private static let shared = TestFolders()
    private let lock = NSLock()
    private var folders: [ObjectIdentifier: URL] = [:]

    /// Makes `folder` the save and resource folder of `model` (and of nothing else).
    static func assign(_ folder: TemporaryDirectory, to model: Any.Type) {
        shared.lock.withLock { shared.folders[ObjectIdentifier(model)] = folder.url }
    }

    /// The folder of `model`; a fresh, never-created temporary path when no test assigned one.
    static func folder(for model: Any.Type) -> URL {
        shared.lock.withLock { shared.folders[ObjectIdentifier(model)] }
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("basemodel-unassigned-\(UUID().uuidString)")
    }
}

/// A model whose files live in its test's temporary folder.
protocol TestModel: BaseModel {}

extension TestModel {
    static var saveDirectory: URL { TestFolders.folder(for: Self.self) }
    static var resourceDirectory: URL? { TestFolders.folder(for: Self.self) }
}
