import Foundation

/// Which strings an encoder has written already, and the number it gave each: the uniquing
/// table of the kits' writers.
///
/// An open-addressing table keyed by a cheap multiplicative hash over a string's bytes.
/// Entries point at the bytes where the caller wrote them (an offset into its output), so the
/// table holds no `String`s (no retain, release or copy per string) and confirms a hash match
/// by comparing bytes. The caller decides what the bytes are (UTF-8, or the UTF-16 its format
/// stores), and passes its output's current start to every look-up, so the output may move as
/// it grows. The buckets, which must start zeroed, are 8 bytes (hash and entry number); the
/// entries (where each string is, and its number) are a dense list that is written, never
/// cleared.
///
/// The hot members are `@inlinable`, as in ``ByteWord``: they run once per string written.
@usableFromInline package final class StringTable {
    /// 8 bytes: a table for a large archive is cleared in half the time of one holding the entry.
    @usableFromInline struct Bucket {
        /// The low half of the string's hash, which also picks the bucket.
        @usableFromInline var hash: UInt32
        /// The entry's index + 1; all-zero bits are an empty bucket, so buckets come from `calloc`.
        @usableFromInline var entryPlusOne: UInt32

        @inlinable init(hash: UInt32, entryPlusOne: UInt32) {
            self.hash = hash
            self.entryPlusOne = entryPlusOne
        }
    }

    /// A string written into the output.
    @usableFromInline struct Entry {
        /// Where the string's bytes start in the output.
        @usableFromInline var offset: UInt32
        @usableFromInline var length: UInt32
        /// The caller's number for the string.
        @usableFromInline var slot: UInt32

        @inlinable init(offset: UInt32, length: UInt32, slot: UInt32) {
            self.offset = offset
            self.length = length
            self.slot = slot
        }
    }

    /// The result of ``lookup(_:hash:storedAt:)``.
    @usableFromInline package enum Lookup {
        /// An equal string was written before and was given this number.
        case found(slot: Int)
        /// Not written yet; record it with ``insert(at:hash:offset:length:slot:)`` once it is.
        case absent(bucket: Int)
    }

    /// The seed of the tables' hashes: random for each process, as `Hasher`'s is, so that no one
    /// can prepare strings that all land in one bucket (encoding them would then take time
    /// growing with their count squared); fixed when `SWIFT_DETERMINISTIC_HASHING` is set, as
    /// `Hasher`'s then is, so that instruction counts can be repeated.
    package static let processSeed: UInt64 = {
        let setting = getenv("SWIFT_DETERMINISTIC_HASHING").map { String(cString: $0).lowercased() } ?? ""
        let deterministic = !["", "0", "false", "no"].contains(setting)
        return deterministic ? 0x9E37_79B9_7F4A_7C15 : UInt64.random(in: .min ... .max)
    }()

    /// This table's copy of ``processSeed``.
    @usableFromInline let seed: UInt64
    @usableFromInline @exclusivity(unchecked) var buckets: UnsafeMutablePointer<Bucket>
    /// Room for `bucketCount / 2 + 1` entries: the table grows once it is more than half full.
    @usableFromInline @exclusivity(unchecked) var entries: UnsafeMutablePointer<Entry>
    @usableFromInline @exclusivity(unchecked) var mask: Int
    @usableFromInline @exclusivity(unchecked) var count = 0

    package init(capacity: Int = 1024) {
        seed = Self.processSeed
        let size = OpenAddressing.bucketCount(for: capacity)
        buckets = .allocateZeroed(count: size)
        entries = .allocate(capacity: size / 2 + 1)
        mask = size - 1
    }

    deinit {
        free(buckets)
        entries.deallocate()
    }

    /// The number of buckets (twice the strings the table holds before it grows).
    package var bucketCount: Int { mask + 1 }

    /// Forgets every string and sizes the table for `capacity` strings, reusing its memory when
    /// the size is unchanged.
    package func removeAll(capacity: Int) {
        let size = OpenAddressing.bucketCount(for: capacity)
        if size == mask + 1 {
            if count > 0 { buckets.update(repeating: Bucket(hash: 0, entryPlusOne: 0), count: size) }
        } else {
            free(buckets)
            entries.deallocate()
            buckets = .allocateZeroed(count: size)
            entries = .allocate(capacity: size / 2 + 1)
            mask = size - 1
        }
        count = 0
    }

    /// The hash of `bytes` that this table's look-ups and inserts take.
    @inlinable @inline(__always)
    package func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        Self.hash(bytes, seed: seed)
    }

    /// A 64-bit hash of `bytes`: 16 bytes per step folded in by one 64 × 64 → 128-bit multiply
    /// (the wyhash scheme), and the last 0–15 bytes read with at most two in-bounds loads.
    @inlinable @inline(__always)
    package static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
        let count = bytes.count
        let seed = seed ^ UInt64(truncatingIfNeeded: count)
        guard let base = bytes.baseAddress, count > 0 else { return seed }
        let raw = UnsafeRawPointer(base)
        var hash = seed
        var index = 0
        while count - index > 16 {
            let first = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let second = raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
            hash = fold(first ^ hash, second ^ 0xE703_7ED1_A0B4_28DB)
            index += 16
        }
        // 1...16 bytes remain; the two loads may overlap but stay inside the buffer.
        let remaining = count - index
        let first: UInt64
        let second: UInt64
        if remaining >= 8 {
            first = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            second = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else if remaining >= 4 {
            first = UInt64(raw.loadUnaligned(fromByteOffset: index, as: UInt32.self))
            second = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        } else {
            first = UInt64(base[index]) << 16 | UInt64(base[index + remaining / 2]) << 8 | UInt64(base[count - 1])
            second = 0
        }
        hash = fold(first ^ hash, second ^ 0x8EBC_6AF0_9C88_C6E3)
        return fold(hash, seed ^ 0x5899_65CC_7537_4CC3)
    }

    /// The high and low halves of the full product, combined.
    @inlinable @inline(__always)
    static func fold(_ left: UInt64, _ right: UInt64) -> UInt64 {
        let product = left.multipliedFullWidth(by: right)
        return product.high ^ product.low
    }

    /// Looks for a string whose bytes equal `bytes` (whose ``hash(_:)`` is `hash`) among those recorded;
    /// `output` is where the recorded offsets count from, now.
    @inlinable @inline(__always)
    package func lookup(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, storedAt output: UnsafeRawPointer)
        -> Lookup
    {
        let hash = UInt32(truncatingIfNeeded: hash)
        var index = Int(hash) & mask
        while true {
            let bucket = buckets[index]
            if bucket.entryPlusOne == 0 { return .absent(bucket: index) }
            if bucket.hash == hash {
                let entry = entries[Int(bucket.entryPlusOne) - 1]
                if Int(entry.length) == bytes.count
                    && (bytes.isEmpty
                        || Self.equal(
                            output + Int(entry.offset), bytes.baseAddress.unsafelyUnwrapped, count: bytes.count))
                {
                    return .found(slot: Int(entry.slot))
                }
            }
            index = (index + 1) & mask
        }
    }

    /// Whether the `count` bytes at `left` and `right` are equal: strings of 8 to 16 bytes are
    /// compared as two (possibly overlapping) words, cheaper than a `memcmp` call.
    @inlinable @inline(__always)
    static func equal(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool {
        guard (8...16).contains(count) else { return memcmp(left, right, count) == 0 }
        return left.loadUnaligned(as: UInt64.self) == right.loadUnaligned(as: UInt64.self)
            && left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }

    /// Records a string just written at `offset` in the output as number `slot`, in the bucket
    /// ``lookup(_:hash:storedAt:)`` returned. Strings past the first 4 GiB of output or numbers
    /// beyond 32 bits are not recorded (such a string is simply written again when it recurs).
    @inlinable @inline(__always)
    package func insert(at bucket: Int, hash: UInt64, offset: Int, length: Int, slot: Int) {
        guard let offset = UInt32(exactly: offset), let length = UInt32(exactly: length),
            let slot = UInt32(exactly: slot), let entryPlusOne = UInt32(exactly: count + 1)
        else { return }
        entries[count] = Entry(offset: offset, length: length, slot: slot)
        buckets[bucket] = Bucket(hash: UInt32(truncatingIfNeeded: hash), entryPlusOne: entryPlusOne)
        count += 1
        if count * 2 > mask + 1 { grow() }
    }

    @usableFromInline func place(_ bucket: Bucket) {
        var index = Int(bucket.hash) & mask
        while buckets[index].entryPlusOne != 0 { index = (index + 1) & mask }
        buckets[index] = bucket
    }

    @usableFromInline func grow() {
        let old = buckets
        let oldSize = mask + 1
        buckets = .allocateZeroed(count: oldSize * 2)
        mask = oldSize * 2 - 1
        for index in 0..<oldSize where old[index].entryPlusOne != 0 { place(old[index]) }
        free(old)
        let larger = UnsafeMutablePointer<Entry>.allocate(capacity: oldSize + 1)
        larger.moveInitialize(from: entries, count: count)
        entries.deallocate()
        entries = larger
    }

    /// Forgets every string numbered `slot` or above (rolling back a partly written object).
    /// Strings must have been recorded in the order of their numbers.
    package func removeSlots(from slot: Int) {
        // Entries are recorded in slot order, so the kept ones are a prefix.
        var kept = count
        while kept > 0 && Int(entries[kept - 1].slot) >= slot { kept -= 1 }
        guard kept < count else { return }
        let size = mask + 1
        var hashes = [UInt32](repeating: 0, count: kept)
        for index in 0..<size where buckets[index].entryPlusOne != 0 && Int(buckets[index].entryPlusOne) <= kept {
            hashes[Int(buckets[index].entryPlusOne) - 1] = buckets[index].hash
        }
        buckets.update(repeating: Bucket(hash: 0, entryPlusOne: 0), count: size)
        count = kept
        for entry in 0..<kept { place(Bucket(hash: hashes[entry], entryPlusOne: UInt32(entry + 1))) }
    }
}
