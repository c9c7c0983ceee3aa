import Foundation

/// A value behind a lock, for BaseModelKit's few pieces of process-wide state.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value  // guarded by `lock`
    private let lock = NSRecursiveLock()

    init(_ value: Value) {
        self.value = value
    }

    func read<Result>(_ body: (Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(value) }
    }

    func update<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&value) }
    }
}
