import Foundation

/// The shared instances of every model type, and why the ones that failed to load did.
///
/// One recursive lock guards it: creating a shared instance may need another type's shared
/// instance on the same thread, and two threads asking for the same type get the same instance.
final class SharedInstanceStore: @unchecked Sendable {
    static let shared = SharedInstanceStore()

    private let lock = NSRecursiveLock()
    private var instances: [ObjectIdentifier: AnyObject] = [:]  // guarded by `lock`
    private var loadFailures: [ObjectIdentifier: SharedLoadFailure] = [:]  // guarded by `lock`
    private var loading: Set<ObjectIdentifier> = []  // guarded by `lock`

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try lock.withLock(body)
    }

    func instance(for type: ObjectIdentifier) -> AnyObject? {
        lock.withLock { instances[type] }
    }

    /// Replaces the instance of `type`, returning the old one.
    func replace(_ type: ObjectIdentifier, with instance: AnyObject?) -> AnyObject? {
        lock.withLock {
            let old = instances[type]
            instances[type] = instance
            return old
        }
    }

    /// Why the shared instance of `type` was made without its resource file or saved data.
    func loadFailure(for type: ObjectIdentifier) -> SharedLoadFailure? {
        lock.withLock { loadFailures[type] }
    }

    func setLoadFailure(_ failure: SharedLoadFailure?, for type: ObjectIdentifier) {
        lock.withLock { loadFailures[type] = failure }
    }

    /// Marks `type` as loading its shared instance on this thread; `false` when it already is
    /// (the model's own `init()` or hooks asked for its shared instance while it was being made).
    func beginLoading(_ type: ObjectIdentifier) -> Bool {
        lock.withLock { loading.insert(type).inserted }
    }

    func endLoading(_ type: ObjectIdentifier) {
        _ = lock.withLock { loading.remove(type) }
    }
}
