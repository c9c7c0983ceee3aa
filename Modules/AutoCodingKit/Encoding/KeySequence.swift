/// The property keys one type wrote last time, in order, with their string references: the
/// next value of the type usually writes the same keys in the same order, so each key is
/// matched by a string comparison instead of a hash lookup.
final class KeySequence {
    // Read and written by one encode on one thread, each access finished before the next
    // begins: no run-time exclusivity checks (see `KeyedEncodingState`).
    @exclusivity(unchecked) var names: [String] = []
    @exclusivity(unchecked) var references: [Int] = []
    /// Bit `n` set: name `n` (of the first 64) has been looked at for ``asciiNames``.
    @exclusivity(unchecked) var checkedNames: UInt64 = 0
    /// Bit `n` set: name `n` is ASCII (valid where ``checkedNames`` has the bit).
    @exclusivity(unchecked) var asciiNames: UInt64 = 0

    /// The reference cached for the key written at `position`, when it is `name` byte for byte.
    ///
    /// `==` alone is canonical equivalence (`"\u{e9}" == "e\u{301}"`), and the archive keeps each
    /// key's own scalars. A text equal to an ASCII name has its bytes exactly when it has as many:
    /// the scalars canonically equal to ASCII text (the Kelvin sign for `K`) take more bytes, and
    /// `utf8.count` costs nothing for a native string. Other names are compared byte for byte.
    @inline(__always)
    func reference(at position: Int, for name: String) -> Int? {
        guard position < names.count, names[position] == name else { return nil }
        guard position < 64 else {
            return UTF8StringKey.haveSameBytes(names[position], name) ? references[position] : nil
        }
        let bit: UInt64 = 1 << UInt64(position)
        if checkedNames & bit == 0 {
            // Once per name, at its first match: a type written once never pays for it.
            checkedNames |= bit
            if names[position].utf8.allSatisfy({ $0 < 0x80 }) { asciiNames |= bit }
        }
        let sameBytes =
            asciiNames & bit != 0
            ? names[position].utf8.count == name.utf8.count : UTF8StringKey.haveSameBytes(names[position], name)
        return sameBytes ? references[position] : nil
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
