/// The cost of turning a passphrase into a key with scrypt (RFC 7914): `N = 2^log2N`, `r`, `p`.
///
/// The store writes them into its file header, and checks them against the same caps as
/// CryptoCodingKit before deriving anything, so a hostile file cannot make it allocate
/// gigabytes or spin for minutes: `N` ≤ 2^20, `r` ≤ 16, `p` ≤ 4, memory (128 · r · N bytes)
/// ≤ 1 GiB.
public struct ScryptParameters: Hashable, Sendable, CustomStringConvertible {
    /// The base-2 logarithm of the CPU/memory cost `N`.
    public let log2N: UInt8
    /// The block size.
    public let r: UInt8
    /// The parallelism.
    public let p: UInt8

    /// The recommended cost for interactive use: N = 2^15, r = 8, p = 1 (32 MiB, tens of milliseconds).
    public static let recommended = ScryptParameters(uncheckedLog2N: 15, r: 8, p: 1)

    /// The smallest `log2N` accepted (N = 1024); lower costs are too cheap to guess against.
    public static let minimumLog2N: UInt8 = 10
    /// The largest `log2N` accepted (N = 2^20).
    public static let maximumLog2N: UInt8 = 20
    /// The largest block size accepted.
    public static let maximumR: UInt8 = 16
    /// The largest parallelism accepted.
    public static let maximumP: UInt8 = 4
    /// The most memory a derivation may use: 1 GiB.
    public static let maximumMemory: UInt64 = 1 << 30

    /// Checked parameters.
    ///
    /// - Throws: ``KeychainStoreError/unsafeKeyDerivation(path:reason:)`` when a value is
    ///   outside the caps.
    public init(log2N: UInt8, r: UInt8, p: UInt8) throws {
        self.init(uncheckedLog2N: log2N, r: r, p: p)
        if let problem = problem {
            throw KeychainStoreError.unsafeKeyDerivation(path: "(parameters given)", reason: problem)
        }
    }

    init(uncheckedLog2N log2N: UInt8, r: UInt8, p: UInt8) {
        self.log2N = log2N
        self.r = r
        self.p = p
    }

    /// The bytes of memory one derivation needs, 128 · r · N (as CryptoCodingKit counts it).
    public var memory: UInt64 {
        128 * UInt64(r) << UInt64(min(log2N, 48))
    }

    /// The memory bound handed to libcrypto, which also counts its per-lane buffers.
    var libcryptoMemoryBound: UInt64 {
        memory + 128 * UInt64(r) * (UInt64(p) + 2) + (1 << 20)
    }

    /// What is wrong with these parameters, or `nil` when they are within the caps.
    var problem: String? {
        if log2N < Self.minimumLog2N || log2N > Self.maximumLog2N {
            return "log2(N) is \(log2N), outside \(Self.minimumLog2N)...\(Self.maximumLog2N)"
        }
        if r == 0 || r > Self.maximumR { return "r is \(r), outside 1...\(Self.maximumR)" }
        if p == 0 || p > Self.maximumP { return "p is \(p), outside 1...\(Self.maximumP)" }
        if memory > Self.maximumMemory {
            return "they need \(memory) bytes of memory, more than the cap of \(Self.maximumMemory)"
        }
        return nil
    }

    public var description: String { "scrypt(N: 2^\(log2N), r: \(r), p: \(p))" }
}
