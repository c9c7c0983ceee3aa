/// Fibonacci hashing, the hash of FastCodingKit's tables keyed by an address (a type's or an
/// object's): the top bits of the address times 2⁶⁴/φ, which spread evenly spaced addresses
/// (consecutively allocated objects, aligned metadata) over the whole table.
enum AddressHash {
    /// The shift that keeps the top bits for a table of `bucketCount` slots (a power of two).
    static func shift(forBucketCount bucketCount: Int) -> UInt64 {
        UInt64(64 - bucketCount.trailingZeroBitCount)
    }

    /// The home slot of `address` in a table whose size `shift` describes.
    @inline(__always)
    static func index(of address: UInt, shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (UInt64(address) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }
}
