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

    /// A 64-bit hash of `bytes`: 16 bytes per step folded in by one 64 × 64 → 128-bit multiply
    /// (the wyhash scheme), and the last 0–15 bytes read with at most two in-bounds loads.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = bytes.count
        let seed: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: count)
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
    @inline(__always)
    private static func fold(_ left: UInt64, _ right: UInt64) -> UInt64 {
        let product = left.multipliedFullWidth(by: right)
        return product.high ^ product.low
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
