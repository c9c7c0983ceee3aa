/// What one coder's context learned about static types, found with one probe.
///
/// A table on the type's address where each type has two slots to choose from (its home slot
/// and the one beside it), so two types the hash sends to the same slot both stay; a third
/// replaces the first. A miss costs the caller a look-up in the process-wide
/// ``SharedTypeCache``, so collisions cost time, never correctness. A coder asks for a type's
/// info on every composite value; one probe replaced a scan of the types seen so far.
struct TypeInfoTable<Info>: ~Copyable {
    private static var slotCount: Int { 32 }
    private static var shift: UInt64 { AddressHash.shift(forBucketCount: slotCount) }
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

    /// The type's home slot; its second choice is the slot next to it (`home ^ 1`).
    @inline(__always)
    private static func home(of type: ObjectIdentifier) -> Int {
        AddressHash.index(of: UInt(bitPattern: type), shift: shift)
    }

    /// The info stored for `type`, if its home slot or its second choice holds it.
    @inline(__always)
    func info(for type: ObjectIdentifier) -> Info? {
        let address = UInt(bitPattern: type)
        let home = Self.home(of: type)
        if types[home] == address { return infos[home] }
        return types[home ^ 1] == address ? infos[home ^ 1] : nil
    }

    /// Stores `info` for `type`: in its home slot or its second choice, whichever is free, or
    /// else in place of what its home slot held.
    mutating func store(_ info: Info, for type: ObjectIdentifier) {
        let address = UInt(bitPattern: type)
        let home = Self.home(of: type)
        var slot = home
        if types[home] != 0 && types[home] != address && (types[home ^ 1] == 0 || types[home ^ 1] == address) {
            slot = home ^ 1
        }
        if types[slot] == 0 {
            (infos + slot).initialize(to: info)
        } else {
            infos[slot] = info
        }
        types[slot] = address
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
