import Foundation

extension BaseModel {
    /// The type's shared instance, made on first use: set-up values → resource defaults → saved
    /// data (from ``storage``). Thread-safe; a subclass has its own.
    ///
    /// When saved data exists but cannot be read, the shared instance starts from its defaults
    /// and ``save()`` refuses to overwrite the unreadable file (see
    /// ``BaseModelError/unreadableSaveFileKept(type:path:reason:)``); ``reloadSharedInstance()``
    /// throws the reason.
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
            let model: Self
            do {
                model = try loadSavedInstance()
            } catch {
                model = (try? instance()) ?? Self()
            }
            _ = store.replace(id, with: model)
            return model
        }
    }

    /// Whether the shared instance exists already (without making it).
    public static var hasSharedInstance: Bool {
        SharedInstanceStore.shared.instance(for: ObjectIdentifier(Self.self)) is Self
    }

    /// Replaces the shared instance; `nil` drops it, so the next use of ``shared`` loads again.
    ///
    /// When there was an old instance, posts `Notification.Name.baseModelSharedInstanceUpdated`
    /// with it. Setting an instance also clears a remembered unreadable save file: the instance
    /// you set is what ``save()`` writes.
    public static func setSharedInstance(_ instance: Self?) {
        let id = ObjectIdentifier(Self.self)
        let old = SharedInstanceStore.shared.withLock {
            if instance != nil { SharedInstanceStore.shared.setUnreadableSaveFile(nil, for: id) }
            return SharedInstanceStore.shared.replace(id, with: instance)
        }
        if let old {
            NotificationCenter.default.post(name: .baseModelSharedInstanceUpdated, object: old)
        }
    }

    /// Loads the saved data again (or the defaults when there is none), makes it the shared
    /// instance and returns it.
    ///
    /// - Throws: ``BaseModelError`` when saved data exists but cannot be read; the shared
    ///   instance is then left as it was.
    @discardableResult
    public static func reloadSharedInstance() throws -> Self {
        let model = try SharedInstanceStore.shared.withLock { try loadSavedInstance() }
        setSharedInstance(model)
        return model
    }

    /// The saved instance from ``storage``, or ``instance()`` when nothing is saved yet.
    /// Remembers (or forgets) an unreadable save file for ``save()``.
    static func loadSavedInstance() throws -> Self {
        let id = ObjectIdentifier(Self.self)
        switch storage {
        case .file:
            let url = saveFileURL
            // Only a save file that is truly absent means "start from the defaults": one that
            // exists but cannot be read is reported, and kept from being overwritten.
            let model: Self?
            do {
                model = try fileDataIfPresent(at: url).map { try instance(decoding: $0, source: url.path) }
            } catch let error as BaseModelError {
                SharedInstanceStore.shared.setUnreadableSaveFile(error.description, for: id)
                throw error
            }
            SharedInstanceStore.shared.setUnreadableSaveFile(nil, for: id)
            return try model ?? instance()
        case let .userDefaults(suite):
            return try UserDefaultsStorage(suite: suite).load(Self.self)
        case let .secretStore(store):
            return try SecretStoreStorage(store: store).load(Self.self)
        }
    }
}
