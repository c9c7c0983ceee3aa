import Foundation

/// The storage behind a keyed container (shared by the container and its encoder).
final class HRKeyedStorage {
    // Touched by one encode on one thread, each access finished before the next begins: no
    // run-time exclusivity checks (about 5 % of an encode).
    /// Entries in the order they were encoded; a key encoded twice keeps its last value.
    /// Made into a dictionary once, at its final size, when the value finishes.
    @exclusivity(unchecked) var entries: [(key: String, value: HRValue)]
    /// Nested containers and super encoders by the index of their entry (a placeholder until
    /// the value finishes), so a later write of the same key still wins.
    @exclusivity(unchecked) var pending: [(index: Int, encoder: HREncoderImplementation)] = []
    /// Entries written before this container was asked for, which its own entries add to or
    /// replace: a dictionary the single-value container wrote, or an earlier write of the key
    /// a nested container now adds to. `nil` in the usual case.
    @exclusivity(unchecked) var base: [String: HRValue]?

    init() {
        // Most models have a handful of properties: room for them saves growing from one.
        entries = []
        entries.reserveCapacity(8)
    }

    /// Adds `encoder`'s future value as the entry of `key`.
    func appendPending(_ key: String, _ encoder: HREncoderImplementation) {
        pending.append((entries.count, encoder))
        entries.append((key, .null))
    }

    /// The encoder a second nested container of `key` adds to, as Foundation's coders merge
    /// them: the one of an earlier nested container when that is the key's last write, or a new
    /// one holding the key's last written dictionary (`keyed`) or array, which takes that
    /// write's place. `nil` when the key's last write is neither: the caller appends a new one.
    func mergeTarget(for key: String, keyed: Bool, make: () -> HREncoderImplementation) -> HREncoderImplementation? {
        guard let index = entries.lastIndex(where: { $0.key == key }) else { return nil }
        if let earlier = pending.last(where: { $0.index == index }) { return earlier.encoder }
        let encoder = make()
        switch entries[index].value {
        case let .dictionary(written) where keyed && written[HRValue.aliasKey] == nil:
            encoder.keyed = HRKeyedStorage(base: written)
        case let .array(items) where !keyed:
            let storage = HRUnkeyedStorage()
            storage.items = items
            encoder.unkeyed = storage
        default:
            return nil
        }
        pending.append((index, encoder))
        return encoder
    }

    private convenience init(base: [String: HRValue]) {
        self.init()
        self.base = base
    }
}
