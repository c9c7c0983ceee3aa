/// The sizing rule of the kits' open-addressing tables (``StringTable`` and the encoders' own):
/// a power of two of buckets, grown once the table is more than half full.
package enum OpenAddressing {
    /// Buckets for `capacity` entries: a power of two, at least twice as many, at least 16.
    package static func bucketCount(for capacity: Int) -> Int {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        return size
    }
}
