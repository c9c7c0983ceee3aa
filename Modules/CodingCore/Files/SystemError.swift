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

    /// What a person can do about `code` when a file or folder could not be used, or `nil`
    /// when there is nothing general to say.
    package static func advice(_ code: Int32) -> String? {
        switch code {
        case EACCES, EPERM: "check the permissions of the file and of the folders on its path"
        case ENOSPC, EDQUOT: "free some disk space (or quota) and try again"
        case EROFS: "the file system is mounted read-only; choose a path on a writable one"
        case ELOOP: "the symbolic links on the path form a loop or chain too deep; fix the links"
        case EILSEQ:
            "U+FFFD in the path stands for bytes that are not UTF-8 (from an environment variable or an "
                + "argument), which a URL cannot hold on this platform; use a path that is valid UTF-8"
        default: nil
        }
    }

    /// `describe(code)`, followed by the ``advice(_:)`` when there is one.
    package static func describeWithAdvice(_ code: Int32) -> String {
        guard let advice = advice(code) else { return describe(code) }
        return describe(code) + "; " + advice
    }
}
