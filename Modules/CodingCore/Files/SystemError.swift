#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How the suite words a failure the system reported through `errno`.
package enum SystemError {
    /// The system's text for `code` and the number, e.g. "Permission denied (errno 13)".
    package static func describe(_ code: Int32) -> String {
        "\(String(cString: strerror(code))) (errno \(code))"
    }
}
