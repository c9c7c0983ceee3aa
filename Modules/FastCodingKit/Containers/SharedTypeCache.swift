import Foundation

/// What the coders learned about a type, kept across calls and shared by all threads.
///
/// Learning a type costs far more than a small archive takes to write or read (conformance
/// checks, a discovery pass over `encode(to:)`, the type's name), so each is learned once per
/// process. A lock guards the table; a coder asks once per type and call and keeps the answer
/// in its own per-call table after that. The table is an open-addressing hash on the type's
/// address (a `Dictionary` would hash it with SipHash) and bounded: when it is half full it starts over.
final class SharedTypeCache<Value>: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock` (which also makes the dynamic exclusivity checks redundant).
    // A slot is empty when its key is nil.
    @exclusivity(unchecked) private var keys: [ObjectIdentifier?]
    @exclusivity(unchecked) private var values: [Value?]
    @exclusivity(unchecked) private var stored = 0
    private let mask: Int
    private let shift: UInt64

    /// A table of `capacity` slots (a power of two), holding up to half as many types.
    init(capacity: Int = 2048) {
        var size = 16
        while size < capacity { size <<= 1 }
        keys = Array(repeating: nil, count: size)
        values = Array(repeating: nil, count: size)
        mask = size - 1
        shift = AddressHash.shift(forBucketCount: size)
    }

    private func home(of type: ObjectIdentifier) -> Int {
        AddressHash.index(of: UInt(bitPattern: type), shift: shift)
    }

    /// The value stored for `type`, if any.
    func value(for type: ObjectIdentifier) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        var index = home(of: type)
        while let key = keys[index] {
            if key == type { return values[index] }
            index = (index + 1) & mask
        }
        return nil
    }

    /// The value stored for `type`, or the one `learn` makes, which is stored for it then
    /// (under one lock, so a type is learned once however many threads meet it at once).
    func value(for type: ObjectIdentifier, learning learn: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        var index = home(of: type)
        while let key = keys[index] {
            if key == type, let value = values[index] { return value }
            index = (index + 1) & mask
        }
        let value = learn()
        insert(value, for: type)
        return value
    }

    /// Stores `value` for `type` (replacing an older one).
    func store(_ value: Value, for type: ObjectIdentifier) {
        lock.lock()
        defer { lock.unlock() }
        insert(value, for: type)
    }

    /// Stores `value` for `type`; the caller holds the lock.
    private func insert(_ value: Value, for type: ObjectIdentifier) {
        var index = home(of: type)
        while let key = keys[index] {
            if key == type {
                values[index] = value
                return
            }
            index = (index + 1) & mask
        }
        if stored * 2 >= mask + 1 {
            for slot in keys.indices {
                keys[slot] = nil
                values[slot] = nil
            }
            stored = 0
            index = home(of: type)
        }
        keys[index] = type
        values[index] = value
        stored += 1
    }

    /// How many types are stored.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
