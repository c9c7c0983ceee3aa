/// What one coder's context learned about static types, found with one probe.
///
/// A direct-mapped table on the type's address: each type has one slot, and storing a type
/// replaces whatever its slot held. A miss costs the caller a look-up in the process-wide
/// ``SharedTypeCache``, so collisions cost time, never correctness. A coder asks for a type's
/// info on every composite value; one probe replaced a scan of the types seen so far.
struct TypeInfoTable<Info>: ~Copyable {
    private static var slotCount: Int { 32 }
    /// `AddressHash.shift(forBucketCount: 32)`, as a constant the hash folds in.
    private static var shift: UInt64 { 59 }
    /// The address of the type each slot holds; 0 for an empty slot (its info is uninitialized).
    private let types: UnsafeMutablePointer<UInt>
    private let infos: UnsafeMutablePointer<Info>

    init() {
        types = .allocate(capacity: Self.slotCount)
        types.initialize(repeating: 0, count: Self.slotCount)
        infos = .allocate(capacity: Self.slotCount)
    }

    deinit {
        emptySlots()
        types.deallocate()
        infos.deallocate()
    }

    @inline(__always)
    private static func slot(of type: ObjectIdentifier) -> Int {
        AddressHash.index(of: UInt(bitPattern: type), shift: shift)
    }

    /// The info stored for `type`, unless its slot holds another type's.
    @inline(__always)
    func info(for type: ObjectIdentifier) -> Info? {
        let slot = Self.slot(of: type)
        return types[slot] == UInt(bitPattern: type) ? infos[slot] : nil
    }

    /// Stores `info` for `type`, replacing what its slot held.
    mutating func store(_ info: Info, for type: ObjectIdentifier) {
        let slot = Self.slot(of: type)
        if types[slot] == 0 {
            (infos + slot).initialize(to: info)
        } else {
            infos[slot] = info
        }
        types[slot] = UInt(bitPattern: type)
    }

    /// Empties every slot.
    mutating func removeAll() {
        emptySlots()
    }

    private func emptySlots() {
        for slot in 0..<Self.slotCount where types[slot] != 0 {
            (infos + slot).deinitialize(count: 1)
            types[slot] = 0
        }
    }
}
