/// How a password becomes the 256-bit AES key of an encrypted archive; recorded in every header.
///
/// Decoding takes the parameters from the header (checked against ``KeyDerivationLimits``
/// first), so changing this value only affects archives written afterwards.
public enum KeyDerivation: Hashable, Sendable, CustomStringConvertible {
    /// scrypt (RFC 7914) with cost N = 2^`log2N`, block size `r` and parallelism `p`.
    /// It needs 128 · r · N bytes of memory.
    case scrypt(log2N: UInt8, r: UInt32, p: UInt32)
    /// PBKDF2 with HMAC-SHA256 and `iterations` rounds.
    case pbkdf2SHA256(iterations: UInt32)

    /// The default: scrypt with N = 2^16, r = 8, p = 1 (64 MiB; measured at about 0.26 s on the
    /// suite's 2-core development machine, libcrypto 3.0).
    public static let `default` = KeyDerivation.scrypt(log2N: 16, r: 8, p: 1)

    /// PBKDF2-HMAC-SHA256 with 600,000 iterations (current OWASP guidance; about 0.19 s on the
    /// development machine), for when scrypt's memory is not available.
    public static let pbkdf2Default = KeyDerivation.pbkdf2SHA256(iterations: 600_000)

    /// The identifier written to the header: 1 for scrypt, 2 for PBKDF2-HMAC-SHA256.
    var identifier: UInt8 {
        switch self {
        case .scrypt: 1
        case .pbkdf2SHA256: 2
        }
    }

    /// Bytes of memory scrypt needs (128 · r · N), `UInt64.max` when that overflows; 0 for PBKDF2.
    public var memoryBytes: UInt64 {
        guard case let .scrypt(log2N, r, _) = self else { return 0 }
        guard log2N < 64 else { return .max }
        let (blocks, overflow) = (UInt64(128) * UInt64(r)).multipliedReportingOverflow(by: UInt64(1) << log2N)
        return overflow ? .max : blocks
    }

    /// scrypt's work, N · r · p (time grows with it), `UInt64.max` when that overflows; 0 for PBKDF2.
    public var scryptWork: UInt64 {
        guard case let .scrypt(log2N, r, p) = self else { return 0 }
        guard log2N < 64 else { return .max }
        let (rp, overflow) = UInt64(r).multipliedReportingOverflow(by: UInt64(p))
        let (work, overflow2) = rp.multipliedReportingOverflow(by: UInt64(1) << log2N)
        return overflow || overflow2 ? .max : work
    }

    /// `scrypt(N=2^16, r=8, p=1)` or `pbkdf2-sha256(iterations=600000)`.
    public var description: String {
        switch self {
        case let .scrypt(log2N, r, p): "scrypt(N=2^\(log2N), r=\(r), p=\(p))"
        case let .pbkdf2SHA256(iterations): "pbkdf2-sha256(iterations=\(iterations))"
        }
    }

    /// Throws unless some KDF accepts these parameters at all (limits are checked separately).
    func validate() throws {
        switch self {
        case let .scrypt(log2N, r, p):
            guard log2N >= 1, log2N <= 63 else {
                throw CryptoCodingError.invalidKeyDerivation("scrypt log2(N) must be in 1...63, not \(log2N)")
            }
            guard r >= 1, p >= 1 else {
                throw CryptoCodingError.invalidKeyDerivation("scrypt r and p must be at least 1 (r=\(r), p=\(p))")
            }
            guard UInt64(r) * UInt64(p) < 1 << 30 else {
                throw CryptoCodingError.invalidKeyDerivation("scrypt r · p must be below 2^30 (r=\(r), p=\(p))")
            }
        case let .pbkdf2SHA256(iterations):
            guard iterations >= 1 else {
                throw CryptoCodingError.invalidKeyDerivation("PBKDF2 needs at least 1 iteration")
            }
        }
    }
}
