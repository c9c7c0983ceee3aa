import Foundation

/// Runs work that recurses once per level of a very deep value (Codable's synthesized coding
/// does) on a thread with a large stack, so tests of deep graphs measure the coders' limits
/// rather than the test runner's thread size.
public enum LargeStack {
    /// Runs `body` on a new thread with `stackSize` bytes of stack and returns its result.
    public static func run<Result: Sendable>(
        stackSize: Int = 1 << 30,
        _ body: @escaping @Sendable () throws -> Result
    ) throws -> Result {
        let box = ResultBox<Result>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.store(Swift.Result { try body() })
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
        return try box.take()
    }
}

private final class ResultBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<Value, any Error>?

    func store(_ result: Result<Value, any Error>) {
        lock.withLock { self.result = result }
    }

    func take() throws -> Value {
        guard let result = lock.withLock({ self.result }) else {
            throw CocoaError(.featureUnsupported)
        }
        return try result.get()
    }
}
