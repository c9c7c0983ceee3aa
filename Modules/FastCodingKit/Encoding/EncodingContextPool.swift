import Foundation

/// A few idle encoding contexts, kept so that a small archive does not pay for building one.
///
/// For a two-field value, making the context (its tables, frame stack and per-type lists) and
/// freeing it again costs about as much as writing the archive. A context goes back to the pool
/// only when the call that used it finished, nothing else holds it (an `encode(to:)` may keep
/// the `Encoder` or a container it was given; such a context is left alone) and its tables are
/// small, so the pool never holds more than a few kilobytes. A lock guards the list; each context
/// is used by one call at a time.
final class EncodingContextPool: @unchecked Sendable {
    /// At most this many idle contexts are kept (more than the threads that usually encode at once).
    static let capacity = 4

    private let lock = NSLock()
    // Guarded by `lock`.
    @exclusivity(unchecked) private var idle: [FastEncodingContext] = []

    init() {
        idle.reserveCapacity(Self.capacity)
    }

    /// An idle context, or `nil` when there is none.
    func take() -> FastEncodingContext? {
        lock.lock()
        defer { lock.unlock() }
        return idle.popLast()
    }

    /// Keeps `context` for a later call, unless the pool is full.
    func put(_ context: FastEncodingContext) {
        lock.lock()
        defer { lock.unlock() }
        if idle.count < Self.capacity { idle.append(context) }
    }
}
