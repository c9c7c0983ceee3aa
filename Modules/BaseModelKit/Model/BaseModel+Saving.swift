import Foundation

extension BaseModel {
    /// Where ``saveFile`` resolves: an absolute path (or `~/…`) as is, else inside ``saveDirectory``.
    public static var saveFileURL: URL {
        let file = saveFile
        if file.hasPrefix("/") || file.hasPrefix("~") {
            return URL(fileURLWithPath: (file as NSString).expandingTildeInPath)
        }
        return saveDirectory.appendingPathComponent(file)
    }

    /// Writes the model to `url` in `format` (``saveFormat`` when `nil`), atomically: the file
    /// is either fully replaced or left as it was. Missing folders are created.
    ///
    /// - Throws: ``BaseModelError/cannotCreateFolder(path:reason:)``, the format's encoding
    ///   error, or `AtomicFileError` naming the path and the step that failed (read-only folder …).
    public func write(to url: URL, format: (any ArchiveFormat)? = nil) throws {
        try Self.createSaveFolder(for: url)
        try (format ?? Self.saveFormat).write(self, to: url)
    }

    /// Creates the folder `url` goes in (and its parents) when it is missing.
    static func createSaveFolder(for url: URL) throws {
        let folder = url.deletingLastPathComponent()
        do {
            try Folder.create(at: folder)
        } catch {
            let blocked = error.path == folder.standardizedFileURL.path ? "" : " at '\(error.path)'"
            throw BaseModelError.cannotCreateFolder(path: folder.path, reason: error.reason + blocked)
        }
    }

    /// What the default ``save()`` does: saves the shared instance to ``storage``.
    ///
    /// - Throws: ``BaseModelError/notSharedInstance(type:)`` for any other instance;
    ///   ``BaseModelError/unreadableSaveFileKept(type:path:reason:)`` or
    ///   ``BaseModelError/unreadableResourceKept(type:path:reason:)`` while the shared instance
    ///   lacks a layer it could not read (see ``BaseModel/sharedLoadError``); the storage's own errors.
    public func saveSharedInstance() throws {
        let id = ObjectIdentifier(Self.self)
        guard SharedInstanceStore.shared.instance(for: id) === self else {
            throw BaseModelError.notSharedInstance(type: Self.typeName)
        }
        if let failure = SharedInstanceStore.shared.loadFailure(for: id) {
            throw failure.refusal(type: Self.typeName)
        }
        try store()
    }

    /// Writes the model to ``storage``, whether or not it is the shared instance.
    func store() throws {
        switch Self.storage {
        case .file:
            try write(to: Self.saveFileURL)
        case let .userDefaults(suite):
            try UserDefaultsStorage(suite: suite).save(self)
        case let .secretStore(store):
            try SecretStoreStorage(store: store).save(self)
        }
    }
}
