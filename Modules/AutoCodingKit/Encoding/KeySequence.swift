/// The property keys one type wrote last time, in order, with their string references: the
/// next value of the type usually writes the same keys in the same order, so each key is
/// matched by a string comparison instead of a hash lookup.
final class KeySequence {
    // Read and written by one encode on one thread, each access finished before the next
    // begins: no run-time exclusivity checks (see `KeyedEncodingState`).
    @exclusivity(unchecked) var names: [String] = []
    @exclusivity(unchecked) var references: [Int] = []

    /// The reference cached for the key written at `position`, when it is `name`.
    @inline(__always)
    func reference(at position: Int, for name: String) -> Int? {
        position < names.count && names[position] == name ? references[position] : nil
    }

    /// Remembers the key written at `position` when it extends the sequence with a key it does
    /// not hold yet, and returns whether it did: the sequence's keys stay distinct, so a value
    /// whose keys all matched or extended it needs no search for a repeat (see
    /// `KeyedValueEncoder.keysAreDistinct`). Keys are told apart by their string references, one
    /// per distinct text, as a repeated key is found when it is written.
    @inline(__always)
    @discardableResult
    func record(_ name: String, reference: Int, at position: Int) -> Bool {
        guard position == names.count, !references.contains(reference) else { return false }
        names.append(name)
        references.append(reference)
        return true
    }
}
