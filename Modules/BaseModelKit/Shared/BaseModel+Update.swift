import Foundation

extension BaseModel {
    /// Changes the saved model as one step that other processes and threads wait for: takes an
    /// exclusive lock, reads the saved data again, lets `change` modify the model, saves it
    /// atomically, makes it the shared instance (as ``setSharedInstance(_:)`` does, posting
    /// `Notification.Name.baseModelSharedInstanceUpdated` with the old one) and releases the lock.
    ///
    /// Two processes that each add an item through `update` both keep their item, whatever the
    /// timing; a `load`, change and ``save()`` without it may lose one of them.
    ///
    /// ```swift
    /// try TodoList.update { list in
    ///     list.items.append(item)
    /// }
    /// ```
    ///
    /// - With ``BaseModelStorage/file`` the lock is an `flock` on `.<save file name>.lock` beside
    ///   the save file (beside the file a symbolic link leads to), so it holds across processes.
    /// - With ``BaseModelStorage/userDefaults(suite:)`` and ``BaseModelStorage/secretStore(_:)``
    ///   updates of one model type take turns within the process only: each entry or item is
    ///   written whole, but two processes updating the same model at once may each write the
    ///   entries of their own version.
    ///
    /// When `change` throws, nothing is saved and the shared instance is left as it was. The saved
    /// data is read as ``reloadSharedInstance()`` reads it: a save file that exists but cannot be
    /// read is an error naming it, and it is left untouched. `change` must not update or save the
    /// same model type itself (the lock is held while it runs).
    ///
    /// - Returns: What `change` returns.
    /// - Throws: `FileLockError` when the lock file cannot be opened or locked; the errors of
    ///   ``reloadSharedInstance()``, of `change` and of ``save()``.
    @discardableResult
    public static func update<Result>(_ change: (Self) throws -> Result) throws -> Result {
        try withUpdateLock {
            let model = try SharedInstanceStore.shared.withLock { try loadSavedInstance() }
            let result = try change(model)
            try model.store()
            setSharedInstance(model)
            return result
        }
    }

    /// Runs `body` holding the lock ``update(_:)`` takes: the save file's lock file for
    /// ``BaseModelStorage/file``, the shared instances' lock for the other storages.
    static func withUpdateLock<Result>(_ body: () throws -> Result) throws -> Result {
        guard case .file = storage else {
            return try SharedInstanceStore.shared.withLock(body)
        }
        let url = saveFileURL
        try createSaveFolder(for: url)
        guard let path = FileSystemPath(url) else {
            throw FileLockError(path: url.path, code: FileSystemPath.refusal(of: url))
        }
        let lockFile = try FileLock.lockFile(guarding: path)
        return try FileLock.withExclusiveLock(on: lockFile, body)
    }
}
