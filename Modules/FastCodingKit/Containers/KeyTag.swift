/// A coding key's identity as raw bits, so the encoder can match a key against its class
/// definition without calling `stringValue` and comparing strings for every property.
///
/// Only keys that are plain values of at most 8 bytes have a tag (the synthesized `CodingKeys`
/// enums do). The first time a key lands on a definition position its name is compared and its
/// tag recorded there; later keys with the same tag are the same key value, so the same name.
struct KeyTag: Equatable {
    let type: ObjectIdentifier
    let bits: UInt64

    /// The tag of a definition position no key has matched yet (no key type is `Never`).
    static let unknown = KeyTag(type: ObjectIdentifier(Never.self), bits: 0)

    private init(type: ObjectIdentifier, bits: UInt64) {
        self.type = type
        self.bits = bits
    }

    /// A buffer of `count` tags, all ``unknown``, for a class definition's key positions (at
    /// least one, so the address is never empty); the caller frees it with `deallocate()`.
    static func unknownTags(count: Int) -> UnsafeMutablePointer<KeyTag> {
        let tags = UnsafeMutablePointer<KeyTag>.allocate(capacity: max(count, 1))
        tags.initialize(repeating: .unknown, count: max(count, 1))
        return tags
    }

    /// Whether `key` has this tag. The check made per property: a tag recorded for `Key` says
    /// `Key` is plain data, so only its size is read (the one-byte synthesized `CodingKeys`
    /// first), not its flags, and no tag is made for `key`.
    @inline(__always)
    func matches<Key: CodingKey>(_ key: borrowing Key) -> Bool {
        guard type == ObjectIdentifier(Key.self) else { return false }
        if MemoryLayout<Key>.size == 1 { return UInt64(unsafeBitCast(key, to: UInt8.self)) == bits }
        return KeyTag(key) == self
    }

    /// The tag of `key`, or `nil` for keys that hold references or are not 0, 1, 2, 4 or 8 bytes.
    /// (`borrowing` lets the casts read the caller's key in place; a copy would cost two
    /// value-witness calls per property.)
    @inline(__always)
    init?<Key: CodingKey>(_ key: borrowing Key) {
        guard _isPOD(Key.self) else { return nil }
        // Bit casts of exactly the key's size: no copy of the key, no call.
        let bits: UInt64
        switch MemoryLayout<Key>.size {
        case 0: bits = 0
        case 1: bits = UInt64(unsafeBitCast(key, to: UInt8.self))
        case 2: bits = UInt64(unsafeBitCast(key, to: UInt16.self))
        case 4: bits = UInt64(unsafeBitCast(key, to: UInt32.self))
        case 8: bits = unsafeBitCast(key, to: UInt64.self)
        default: return nil
        }
        self.init(type: ObjectIdentifier(Key.self), bits: bits)
    }
}
