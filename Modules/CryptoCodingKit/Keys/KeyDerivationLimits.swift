/// The most expensive key derivation a reader agrees to run: memory and time caps checked
/// against an archive's header *before* the KDF runs.
///
/// A header is read before it is authenticated, so without caps anyone could hand a reader a
/// file that asks for a gigabyte-sized or hour-long scrypt. The defaults allow 4× the default
/// scrypt's memory and 8× its work, and about 17× the default PBKDF2 iterations.
public struct KeyDerivationLimits: Hashable, Sendable {
    /// Most memory scrypt may use (128 · r · N bytes). Default 256 MiB.
    public var maximumScryptMemory: UInt64
    /// Largest scrypt work N · r · p. Default 2^22 (the default scrypt is 2^19).
    public var maximumScryptWork: UInt64
    /// Most PBKDF2 iterations. Default 10,000,000.
    public var maximumPBKDF2Iterations: UInt32

    /// Creates limits; the defaults are those of ``default``.
    public init(
        maximumScryptMemory: UInt64 = 256 << 20,
        maximumScryptWork: UInt64 = 1 << 22,
        maximumPBKDF2Iterations: UInt32 = 10_000_000
    ) {
        self.maximumScryptMemory = maximumScryptMemory
        self.maximumScryptWork = maximumScryptWork
        self.maximumPBKDF2Iterations = maximumPBKDF2Iterations
    }

    /// 256 MiB and N · r · p ≤ 2^22 for scrypt, 10,000,000 PBKDF2 iterations.
    public static let `default` = KeyDerivationLimits()

    /// Throws unless `derivation` is valid and within these limits.
    func check(_ derivation: KeyDerivation) throws {
        try derivation.validate()
        switch derivation {
        case .scrypt:
            guard derivation.memoryBytes <= maximumScryptMemory else {
                throw CryptoCodingError.keyDerivationOverLimit(
                    parameter: "scrypt memory (bytes)", value: derivation.memoryBytes, limit: maximumScryptMemory)
            }
            guard derivation.scryptWork <= maximumScryptWork else {
                throw CryptoCodingError.keyDerivationOverLimit(
                    parameter: "scrypt work N·r·p", value: derivation.scryptWork, limit: maximumScryptWork)
            }
        case let .pbkdf2SHA256(iterations):
            guard iterations <= maximumPBKDF2Iterations else {
                throw CryptoCodingError.keyDerivationOverLimit(
                    parameter: "PBKDF2 iterations", value: UInt64(iterations), limit: UInt64(maximumPBKDF2Iterations))
            }
        }
    }
}
