import Foundation

/// The encoder's table of class instances already written: object identity → object slot.
///
/// Open addressing keyed by the object's address with a multiplicative hash: no SipHash and no
/// `Dictionary` bookkeeping per instance, which made shared-instance tracking the largest cost
/// of encoding class graphs. The encoder keeps every instance alive while it encodes, so an
/// address cannot be reused by another object during one encode.
struct ObjectSlotTable: ~Copyable {
    private struct Bucket {
        /// The object's address (0: an empty bucket; no object lives at address 0).
        var address: UInt
        var slot: Int
    }

    /// `nil` until the first instance is recorded: archives of structs never need the table.
    private var buckets: UnsafeMutablePointer<Bucket>?
    private var mask: Int
    /// 64 − log₂(bucket count): the hash's top bits pick the bucket.
    private var shift: UInt64
    private var count = 0

    /// A table for about `capacity` instances, allocated when the first one is recorded.
    init(capacity: Int = 256) {
        let size = Self.bucketCount(for: capacity)
        buckets = nil
        mask = size - 1
        shift = UInt64(64 - size.trailingZeroBitCount)
    }

    /// Buckets for `capacity` instances: a power of two, at least twice as many, at least 16.
    private static func bucketCount(for capacity: Int) -> Int {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        return size
    }

    /// The number of buckets (twice the instances the table holds before it grows).
    var bucketCount: Int { mask + 1 }

    /// Forgets every instance; the table for about `capacity` instances is allocated when the
    /// first one is recorded.
    mutating func removeAll(capacity: Int) {
        free(buckets)
        buckets = nil
        let size = Self.bucketCount(for: capacity)
        mask = size - 1
        shift = UInt64(64 - size.trailingZeroBitCount)
        count = 0
    }

    deinit {
        free(buckets)
    }

    /// Fibonacci hashing: the top bits of the address times 2⁶⁴/φ, which spread the evenly
    /// spaced addresses of consecutively allocated objects over the whole table.
    @inline(__always)
    private func home(of address: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(address) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The object slot `object` took when it was written, or `nil`.
    @inline(__always)
    func slot(of object: ObjectIdentifier) -> Int? {
        guard let buckets else { return nil }
        let address = UInt(bitPattern: object)
        var index = home(of: address)
        while true {
            let bucket = buckets[index]
            if bucket.address == address { return bucket.slot }
            if bucket.address == 0 { return nil }
            index = (index + 1) & mask
        }
    }

    /// Records that `object` was written as object slot `slot`.
    mutating func insert(_ object: ObjectIdentifier, slot: Int) {
        if buckets == nil { buckets = .allocateZeroed(count: mask + 1) }
        place(Bucket(address: UInt(bitPattern: object), slot: slot))
        count += 1
        if count * 2 > mask + 1 { rebuild(size: (mask + 1) * 2) { _ in true } }
    }

    /// Puts `entry` in its bucket; the table must be allocated.
    private func place(_ entry: Bucket) {
        guard let buckets else { return }
        var index = home(of: entry.address)
        while buckets[index].address != 0 && buckets[index].address != entry.address { index = (index + 1) & mask }
        buckets[index] = entry
    }

    /// Forgets the objects written from slot `slot` on (rolling back a partly written object).
    mutating func removeSlots(from slot: Int) {
        guard buckets != nil else { return }
        rebuild(size: mask + 1) { $0.slot < slot }
    }

    private mutating func rebuild(size: Int, keeping isKept: (Bucket) -> Bool) {
        guard let old = buckets else { return }
        let oldSize = mask + 1
        buckets = .allocateZeroed(count: size)
        mask = size - 1
        shift = UInt64(64 - size.trailingZeroBitCount)
        count = 0
        for index in 0..<oldSize where old[index].address != 0 && isKept(old[index]) {
            place(old[index])
            count += 1
        }
        free(old)
    }
}
