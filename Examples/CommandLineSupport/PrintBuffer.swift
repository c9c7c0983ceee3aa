// `@preconcurrency`: the C library's `stdout` is a global variable, which Swift 6 refuses to
// read otherwise. This file imports nothing else (Foundation would import the C library again
// without it); only the thread that runs the command calls it.
#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Musl)
    @preconcurrency import Musl
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// The C library's `stdout` stream, where `print` writes.
enum PrintBuffer {
    /// Hands what `print` has buffered to the system; the `errno` of a failure (of this flush
    /// or of an earlier one), or `nil`.
    static func flush() -> Int32? {
        let failedNow = fflush(stdout) != 0
        let code = errno
        guard failedNow || ferror(stdout) != 0 else { return nil }
        clearerr(stdout)
        return failedNow ? code : EIO
    }
}
