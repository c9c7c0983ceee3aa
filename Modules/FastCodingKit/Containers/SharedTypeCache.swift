import Foundation

/// What the coders learned about a type, kept across calls and shared by all threads.
///
/// Learning a type costs far more than a small archive takes to write or read (conformance
/// checks, a discovery pass over `encode(to:)`, the type's name), so each is learned once per
/// process. A lock guards the table; a coder asks once per type and call and keeps the answer
/// in its own per-call table after that. The table is bounded: when it is full it starts over.
final class SharedTypeCache<Value>: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var entries: [ObjectIdentifier: Value] = [:]
    private let limit: Int

    init(limit: Int = 4096) {
        self.limit = limit
    }

    /// The value stored for `type`, if any.
    func value(for type: ObjectIdentifier) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return entries[type]
    }

    /// Stores `value` for `type` (replacing an older one).
    func store(_ value: Value, for type: ObjectIdentifier) {
        lock.lock()
        defer { lock.unlock() }
        if entries.count >= limit && entries[type] == nil { entries.removeAll(keepingCapacity: true) }
        entries[type] = value
    }

    /// How many types are stored (for tests).
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.count
    }
}
