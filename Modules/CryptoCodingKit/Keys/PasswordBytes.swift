import CLibCrypto

/// Access to a password's UTF-8 bytes without leaving extra copies behind where it can be avoided.
enum PasswordBytes {
    /// Runs `body` with the UTF-8 bytes of `password` (no normalisation: the bytes as given).
    ///
    /// Native strings lend their storage directly; otherwise a temporary copy is made and zeroed
    /// afterwards. Throws ``CryptoCodingError/emptyPassword`` for an empty password.
    static func with<R>(_ password: String, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        guard !password.isEmpty else { throw CryptoCodingError.emptyPassword }
        if let result = try password.utf8.withContiguousStorageIfAvailable({ try body(UnsafeRawBufferPointer($0)) }) {
            return result
        }
        var copy = Array(password.utf8)
        defer {
            copy.withUnsafeMutableBytes { bytes in
                if let base = bytes.baseAddress { clibcrypto_cleanse(base, bytes.count) }
            }
        }
        return try copy.withUnsafeBytes(body)
    }
}
