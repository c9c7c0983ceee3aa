import Foundation

/// Runs code on a thread with the main thread's default stack (8 MiB on Linux and macOS).
///
/// Swift Testing runs tests on cooperative threads with much smaller stacks, so a test that
/// means "this does not exhaust the stack of a program's main thread" runs its body here: a
/// recursion that would overflow 8 MiB still crashes the test process, as it would the program.
public enum MainThreadStack {
    /// The stack size of a program's main thread by default.
    public static let size = 8 << 20

    /// Runs `body` on a new thread with an 8 MiB stack and returns its result (or rethrows).
    public static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.result = Result { try body() }
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        done.wait()
        guard let result = box.result else { preconditionFailure("the thread ended without a result") }
        return try result.get()
    }

    /// The result handed from the thread to the waiting caller (the semaphore orders the accesses).
    private final class ResultBox<T: Sendable>: @unchecked Sendable {
        var result: Result<T, any Error>?
    }
}
