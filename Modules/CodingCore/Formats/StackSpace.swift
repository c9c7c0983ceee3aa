import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How much of the current thread's stack a recursive coder may still use.
///
/// Coding recurses once per level of nesting, and ``ArchiveLimits/defaultMaximumDepth`` (512)
/// needs about 1 MiB of stack for the kits' decoders: fine on an 8 MiB main thread, too much
/// for a 512 KiB one (Apple platforms' secondary threads and dispatch queues) or a 128 KiB one
/// (musl's threads), where a hostile file 350 levels deep would crash the program. Make one
/// when a call starts; at each level a coder asks ``isRunningOut(atDepth:)`` and throws its
/// nesting error instead of going deeper.
///
/// The thread's stack bounds cost a system call, so they are read only once a call has used
/// ``measuredAfter`` bytes of stack: shallow values never pay for them.
@usableFromInline package struct StackSpace {
    /// Nesting from which ``isRunningOut(atDepth:)`` looks at the stack; shallower levels never do.
    @usableFromInline static let checkedFromDepth = 8
    /// Stack a call may use before the thread's bounds are read.
    package static let measuredAfter: UInt = 16 * 1024
    /// The stack left unused for what runs after the check (the error and its message), at
    /// most: a quarter of a small stack.
    package static let reserve = 96 * 1024

    /// Where the call started.
    private let start = Self.currentAddress()
    /// The thread's lowest stack address and the lowest one the stack may grow to (both 0 when
    /// the thread's stack is unknown); `nil` until measured.
    private var limits: (low: UInt, floor: UInt)?

    package init() {}

    /// Whether a coder `depth` levels down has less than the reserve of stack left below its
    /// frame. Shallower than ``checkedFromDepth`` it never looks: a compare, inlined.
    ///
    /// An address outside the thread's stack (AddressSanitizer keeps locals on a "fake stack"
    /// of its own) tells nothing, and is never taken for a stack running out.
    @inlinable
    package mutating func isRunningOut(atDepth depth: Int) -> Bool {
        depth >= Self.checkedFromDepth && isBelowFloor()
    }

    // Never inlined, so isRunningOut(atDepth:) stays a compare and a rarely taken call.
    @usableFromInline @inline(never)
    mutating func isBelowFloor() -> Bool {
        let here = Self.currentAddress()
        if limits == nil {
            guard start &- here > Self.measuredAfter else { return false }
            limits = Self.measureLimits()
        }
        guard let limits else { return false }
        return here >= limits.low && here < limits.floor
    }

    /// The message a coder throws with, naming the depth it reached.
    package static func message(depth: Int) -> String {
        "values nest deeper than this thread's stack allows (\(depth) levels); "
            + "use a thread with a larger stack, or lower maximumDepth"
    }

    /// An address in the caller's frame.
    @inline(__always)
    private static func currentAddress() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }

    private static func measureLimits() -> (low: UInt, floor: UInt) {
        guard let bounds = Thread.isMainThread ? mainThreadBounds : bounds() else { return (0, 0) }
        return (bounds.low, bounds.low + min(UInt(reserve), (bounds.high - bounds.low) / 4))
    }

    /// Asked once: glibc reads `/proc/self/maps` for the main thread's stack.
    private static let mainThreadBounds = bounds()

    #if !canImport(Darwin)
        private typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32

        /// glibc's and musl's `pthread_getattr_np`, which the Swift C library module does not
        /// import (it is a GNU extension), looked up once among the loaded symbols.
        private static let threadAttributes: GetAttributes? =
            dlsym(dlopen(nil, RTLD_LAZY), "pthread_getattr_np").map { unsafeBitCast($0, to: GetAttributes.self) }
    #endif

    /// The current thread's stack: its lowest and highest address.
    private static func bounds() -> (low: UInt, high: UInt)? {
        #if canImport(Darwin)
            let thread = pthread_self()
            let high = UInt(bitPattern: pthread_get_stackaddr_np(thread))
            let size = UInt(pthread_get_stacksize_np(thread))
            return high > size ? (high - size, high) : nil
        #else
            var attributes = pthread_attr_t()
            guard let getAttributes = threadAttributes, getAttributes(pthread_self(), &attributes) == 0 else {
                return nil
            }
            defer { pthread_attr_destroy(&attributes) }
            var address: UnsafeMutableRawPointer?
            var size = 0
            guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
            let low = UInt(bitPattern: address)
            return (low, low + UInt(size))
        #endif
    }
}
