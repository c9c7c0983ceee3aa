import Foundation

/// The defaults of every ``Evolvable`` type met so far by a decode without `userInfo`, shared
/// by all decodes of the process.
enum SharedDefaults {
    private static let lock = NSLock()
    // Guarded by `lock`; entries are immutable once stored.
    nonisolated(unsafe) private static var cache: [ObjectIdentifier: Result<TypeDefaults, DefaultsFailure>] = [:]

    /// The types whose defaults this thread is working out now, innermost last.
    private static let inProgressKey = "CodingCore.SharedDefaults.inProgress"

    /// The defaults of `type` for a decode without `userInfo`, worked out on first use.
    ///
    /// They are worked out outside the lock: `init()` runs user code, which may decode other
    /// types meanwhile.
    static func defaults(of type: any Evolvable.Type) -> Result<TypeDefaults, DefaultsFailure> {
        let id = ObjectIdentifier(type)
        if let known = lock.withLock({ cache[id] }) { return known }
        let outcome = workOut(type, userInfo: [:])
        return lock.withLock {
            if let raced = cache[id] { return raced }
            cache[id] = outcome
            return outcome
        }
    }

    /// Encodes a new instance of `type`. An `init()` that decodes a value of its own type with
    /// a missing key would recurse forever: that is refused instead.
    static func workOut(
        _ type: any Evolvable.Type, userInfo: [CodingUserInfoKey: Any]
    ) -> Result<TypeDefaults, DefaultsFailure> {
        let id = ObjectIdentifier(type)
        let threadState = Thread.current.threadDictionary
        var inProgress = threadState[inProgressKey] as? [ObjectIdentifier] ?? []
        if inProgress.contains(id) {
            return .failure(DefaultsFailure(reason: "its init() decodes a \(type) with missing keys itself"))
        }
        inProgress.append(id)
        threadState[inProgressKey] = inProgress
        defer {
            inProgress.removeLast()
            threadState[inProgressKey] = inProgress
        }
        return DefaultsFailure.catching { try TypeDefaults(encoding: type.init(), userInfo: userInfo) }
    }
}
