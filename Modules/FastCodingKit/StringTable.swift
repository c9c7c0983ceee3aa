/// The encoder's string cache: strings → string-cache slot, by value.
///
/// An open-addressing table with a cheap multiplicative hash over the UTF-8 bytes, which is
/// several times faster than `Dictionary<String, Int>` with SipHash on this hot path.
final class StringTable {
    private struct Bucket {
        var hash: UInt64
        /// Index into `strings` + 1 (0 = empty).
        var entry: Int
    }

    @exclusivity(unchecked) private var buckets: UnsafeMutablePointer<Bucket>
    @exclusivity(unchecked) private var mask: Int
    /// The strings in slot order (entry `i` is string-cache slot `i`).
    @exclusivity(unchecked) private(set) var strings: [String] = []

    init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        buckets = .allocate(capacity: size)
        buckets.initialize(repeating: Bucket(hash: 0, entry: 0), count: size)
        mask = size - 1
    }

    deinit {
        buckets.deallocate()
    }

    var count: Int { strings.count }

    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count {
            tail |= UInt64(base[index]) << shift
            shift += 8
            index += 1
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ (hash >> 29)
    }

    /// The slot of `string` (whose UTF-8 bytes hash to `hash`), or `nil`.
    @inline(__always)
    func slot(of string: String, hash: UInt64) -> Int? {
        var index = Int(truncatingIfNeeded: hash) & mask
        while true {
            let bucket = buckets[index]
            if bucket.entry == 0 { return nil }
            if bucket.hash == hash && strings[bucket.entry - 1] == string { return bucket.entry - 1 }
            index = (index + 1) & mask
        }
    }

    /// Takes the next slot for a non-string entry (a URL); it is never found by ``slot(of:hash:)``.
    func reserveSlot() {
        strings.append("")
    }

    /// Adds `string` as the next slot (`count` before the call).
    func insert(_ string: String, hash: UInt64) {
        if (strings.count + 1) * 2 > mask + 1 { grow() }
        strings.append(string)
        place(hash: hash, entry: strings.count)
    }

    private func place(hash: UInt64, entry: Int) {
        var index = Int(truncatingIfNeeded: hash) & mask
        while buckets[index].entry != 0 { index = (index + 1) & mask }
        buckets[index] = Bucket(hash: hash, entry: entry)
    }

    private func grow() {
        let old = buckets
        let oldSize = mask + 1
        let size = oldSize * 2
        buckets = .allocate(capacity: size)
        buckets.initialize(repeating: Bucket(hash: 0, entry: 0), count: size)
        mask = size - 1
        for index in 0..<oldSize where old[index].entry != 0 { place(hash: old[index].hash, entry: old[index].entry) }
        old.deallocate()
    }

    /// Forgets every slot from `slot` on (rolling back a partly written object); `reserved`
    /// lists the slots below it that were taken by ``reserveSlot()``.
    func removeSlots(from slot: Int, reserved: Set<Int>) {
        let kept = strings.prefix(slot)
        strings = []
        buckets.update(repeating: Bucket(hash: 0, entry: 0), count: mask + 1)
        for (index, string) in kept.enumerated() {
            strings.append(string)
            guard !reserved.contains(index) else { continue }
            var copy = string
            let hash = copy.withUTF8 { Self.hash($0) }
            place(hash: hash, entry: strings.count)
        }
    }
}
