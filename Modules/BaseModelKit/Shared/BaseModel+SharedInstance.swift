import Foundation

extension BaseModel {
    /// The type's shared instance, made on first use in layers: set-up values, then the resource
    /// file, then the saved data (from ``storage``), each setting only the keys it holds.
    /// Thread-safe; a subclass has its own.
    ///
    /// When the resource file or the saved data exists but cannot be read, the shared instance
    /// is made from the layers below it, ``sharedLoadError`` says why (naming the file), and
    /// ``save()`` refuses to write until the instance is replaced: an unreadable file is never
    /// overwritten by an emptier model. ``loadShared()`` is the throwing way to ask.
    public static var shared: Self {
        let store = SharedInstanceStore.shared
        let id = ObjectIdentifier(Self.self)
        return store.withLock {
            if let existing = store.instance(for: id) as? Self { return existing }
            guard store.beginLoading(id) else {
                // Asked for from inside its own loading: a fresh instance, not stored.
                return (try? instance()) ?? Self()
            }
            defer { store.endLoading(id) }
            let (model, failure) = loadLayers()
            store.setLoadFailure(failure, for: id)
            _ = store.replace(id, with: model)
            return model
        }
    }

    /// The shared instance, or the error that kept it from loading its resource file or saved
    /// data, naming the file and the coding path.
    ///
    /// Makes the shared instance on first use, as ``shared`` does. After an error, ``shared``
    /// still holds what could be loaded; call ``reloadSharedInstance()`` once the file is
    /// mended, or ``setSharedInstance(_:)`` to go on without it.
    public static func loadShared() throws -> Self {
        let model = shared
        if let error = sharedLoadError { throw error }
        return model
    }

    /// Why the shared instance was made without its resource file or saved data; `nil` when it
    /// loaded, or has not been made yet.
    public static var sharedLoadError: BaseModelError? {
        SharedInstanceStore.shared.loadFailure(for: ObjectIdentifier(Self.self))?.error
    }

    /// Whether the shared instance exists already (without making it).
    public static var hasSharedInstance: Bool {
        SharedInstanceStore.shared.instance(for: ObjectIdentifier(Self.self)) is Self
    }

    /// Replaces the shared instance; `nil` drops it, so the next use of ``shared`` loads again.
    ///
    /// When there was an old instance, posts `Notification.Name.baseModelSharedInstanceUpdated`
    /// with it; a new instance is also sent to ``sharedUpdates``. Setting an instance also clears
    /// ``sharedLoadError``: the instance you set is what ``save()`` writes.
    public static func setSharedInstance(_ instance: Self?) {
        let id = ObjectIdentifier(Self.self)
        let old = SharedInstanceStore.shared.withLock {
            if instance != nil { SharedInstanceStore.shared.setLoadFailure(nil, for: id) }
            return SharedInstanceStore.shared.replace(id, with: instance)
        }
        if let old {
            NotificationCenter.default.post(name: .baseModelSharedInstanceUpdated, object: old)
        }
        if let instance { SharedUpdateChannels.send(instance) }
    }

    /// Loads the layers again (set-up values, resource file, saved data), makes the result the
    /// shared instance and returns it.
    ///
    /// - Throws: ``BaseModelError`` naming the file when the resource file or the saved data
    ///   exists but cannot be read; the shared instance is then left as it was.
    @discardableResult
    public static func reloadSharedInstance() throws -> Self {
        let model = try SharedInstanceStore.shared.withLock { try loadSavedInstance() }
        setSharedInstance(model)
        return model
    }

    /// The shared instance's layers, or the ones below the first that could not be read and
    /// why that one could not.
    private static func loadLayers() -> (Self, SharedLoadFailure?) {
        let base: Self
        do {
            base = try instance()
        } catch {
            return (Self(), SharedLoadFailure(isResource: true, error: modelError(error)))
        }
        do {
            return (try savedInstance(over: base), nil)
        } catch {
            return (base, SharedLoadFailure(isResource: false, error: modelError(error)))
        }
    }

    private static func modelError(_ error: any Error) -> BaseModelError {
        error as? BaseModelError ?? .invalidData(type: typeName, path: "the saved data", reason: reason(error))
    }

    /// The saved instance from ``storage``, layered over ``instance()``; ``instance()`` when
    /// nothing is saved yet.
    static func loadSavedInstance() throws -> Self {
        try savedInstance(over: try instance())
    }

    /// The saved instance from ``storage`` layered over `base`; `base` when nothing is saved yet.
    private static func savedInstance(over base: Self) throws -> Self {
        switch storage {
        case .file:
            // Only a save file that is truly absent means "start from the defaults": one that
            // exists but cannot be read is reported, and kept from being overwritten.
            let url = saveFileURL
            guard let data = try fileDataIfPresent(at: url) else { return base }
            return try layered(data, over: base, source: url.path)
        case let .userDefaults(suite):
            return try UserDefaultsStorage(suite: suite).load(over: base)
        case let .secretStore(store):
            return try SecretStoreStorage(store: store).load(over: base)
        }
    }
}
