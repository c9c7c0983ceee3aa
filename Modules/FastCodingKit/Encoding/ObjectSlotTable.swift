import Foundation

/// The encoder's table of class instances already written: object identity → object slot.
///
/// Open addressing keyed by the object's address with a multiplicative hash: no SipHash and no
/// `Dictionary` bookkeeping per instance, which made shared-instance tracking the largest cost
/// of encoding class graphs. The encoder keeps every instance alive while it encodes, so an
/// address cannot be reused by another object during one encode.
///
/// The buckets, which must start zeroed, hold only an entry number (4 bytes each, so a table
/// for thousands of instances is cleared quickly); the entries (address and slot) are a dense
/// list in slot order that is written, never cleared.
struct ObjectSlotTable: ~Copyable {
    private struct Entry {
        var address: UInt
        var slot: Int
    }

    /// Per bucket, the entry's index + 1 (0: an empty bucket). `nil` until the first instance is
    /// recorded: archives of structs never need the table.
    private var buckets: UnsafeMutablePointer<UInt32>?
    /// Room for `bucketCount / 2 + 1` entries: the table grows once it is more than half full.
    private var entries: UnsafeMutablePointer<Entry>?
    private var mask: Int
    /// 64 − log₂(bucket count): the hash's top bits pick the bucket.
    private var shift: UInt64
    private var count = 0

    /// A table for about `capacity` instances, allocated when the first one is recorded.
    init(capacity: Int = 256) {
        let size = OpenAddressing.bucketCount(for: capacity)
        mask = size - 1
        shift = AddressHash.shift(forBucketCount: size)
    }

    deinit {
        free(buckets)
        entries?.deallocate()
    }

    /// The number of buckets (twice the instances the table holds before it grows).
    var bucketCount: Int { mask + 1 }

    /// Forgets every instance; the table for about `capacity` instances is allocated when the
    /// first one is recorded.
    mutating func removeAll(capacity: Int) {
        free(buckets)
        entries?.deallocate()
        buckets = nil
        entries = nil
        let size = OpenAddressing.bucketCount(for: capacity)
        mask = size - 1
        shift = AddressHash.shift(forBucketCount: size)
        count = 0
    }

    @inline(__always)
    private func home(of address: UInt) -> Int {
        AddressHash.index(of: address, shift: shift)
    }

    /// The object slot `object` took when it was written, or `nil`.
    @inline(__always)
    func slot(of object: ObjectIdentifier) -> Int? {
        guard let buckets, let entries else { return nil }
        let address = UInt(bitPattern: object)
        var index = home(of: address)
        while true {
            let entryPlusOne = Int(buckets[index])
            if entryPlusOne == 0 { return nil }
            if entries[entryPlusOne - 1].address == address { return entries[entryPlusOne - 1].slot }
            index = (index + 1) & mask
        }
    }

    /// Records that `object` was written as object slot `slot` (slots are recorded in increasing order).
    mutating func insert(_ object: ObjectIdentifier, slot: Int) {
        if buckets == nil {
            buckets = .allocateZeroed(count: mask + 1)
            entries = .allocate(capacity: (mask + 1) / 2 + 1)
        }
        guard let entries else { return }
        entries[count] = Entry(address: UInt(bitPattern: object), slot: slot)
        place(count)
        count += 1
        if count * 2 > mask + 1 { rebuild(size: (mask + 1) * 2, keeping: count) }
    }

    /// Puts entry `entry` in its bucket; the table must be allocated.
    private func place(_ entry: Int) {
        guard let buckets, let entries else { return }
        var index = home(of: entries[entry].address)
        while buckets[index] != 0 { index = (index + 1) & mask }
        buckets[index] = UInt32(truncatingIfNeeded: entry + 1)
    }

    /// Forgets the objects written from slot `slot` on (rolling back a partly written object).
    mutating func removeSlots(from slot: Int) {
        guard let entries else { return }
        var kept = count
        while kept > 0 && entries[kept - 1].slot >= slot { kept -= 1 }
        if kept < count { rebuild(size: mask + 1, keeping: kept) }
    }

    /// New buckets of `size` for the first `kept` entries.
    private mutating func rebuild(size: Int, keeping kept: Int) {
        guard let old = buckets, let oldEntries = entries else { return }
        free(old)
        buckets = .allocateZeroed(count: size)
        let larger = UnsafeMutablePointer<Entry>.allocate(capacity: size / 2 + 1)
        larger.moveInitialize(from: oldEntries, count: kept)
        oldEntries.deallocate()
        entries = larger
        mask = size - 1
        shift = AddressHash.shift(forBucketCount: size)
        count = kept
        for entry in 0..<kept { place(entry) }
    }
}
