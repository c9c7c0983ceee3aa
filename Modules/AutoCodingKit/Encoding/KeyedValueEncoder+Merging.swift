import Foundation

// The rare container patterns that write one value in several steps, kept out of the common
// paths: a key written again, a second container of one key, a keyed container after the
// single-value container, and containers of different kinds on one encoder.
extension KeyedValueEncoder {
    /// Appends a field after a search for its key, whose value it replaces when it was written
    /// before (kept out of line: the common path knows its keys differ).
    @inline(never)
    func appendOrReplaceField(key: Int, value: Int) {
        if let existing = keys.firstIndex(of: key) { return replaceField(at: existing, with: value) }
        keys.append(key)
        values.append(value)
    }

    /// Replaces the value of the field at `position`: the last write of a key wins, also over a
    /// nested container or super encoder of the key, whose later output is dropped.
    @inline(never)
    func replaceField(at position: Int, with value: Int) {
        values[position] = value
        nested.removeAll { $0.keyed && $0.slot == position }
    }

    /// The encoder of a nested container or super encoder at `key`.
    ///
    /// A second nested container of a key adds to what the key holds, as Foundation's encoders do:
    /// to the container asked for before, or to the dictionary (keyed) or array (unkeyed) written
    /// under the key. A super encoder replaces the key's value (the last write wins). A nested
    /// container of a key that holds any other value is refused, as Foundation's encoders stop
    /// on it.
    func nestedEncoder(forKey key: some CodingKey, adding: Shape?) -> KeyedValueEncoder {
        let keyReference = keyReference(key)
        if !keysAreDistinct, let existing = keys.firstIndex(of: keyReference) {
            return reopenedEncoder(at: existing, key: key, adding: adding)
        }
        let child = child(at: key)
        keys.append(keyReference)
        values.append(-1)
        nested.append((values.count - 1, true, child))
        return child
    }

    @inline(never)
    private func reopenedEncoder(at position: Int, key: some CodingKey, adding: Shape?) -> KeyedValueEncoder {
        let child = child(at: key)
        if let adding {
            // A container of another kind than the open one is refused when the value finishes.
            if let open = nested.last(where: { $0.keyed && $0.slot == position }) { return open.encoder }
            if let written = state.writer.writtenCollection(atUIDReference: values[position]),
                written.isDictionary == (adding == .keyed)
            {
                child.shape = adding
                if written.isDictionary {
                    (child.keys, child.values) = (written.keys, written.values)
                } else {
                    child.items = written.values
                }
            } else {
                state.refuse(
                    EncodingError.invalidValue(
                        type,
                        EncodingError.Context(
                            codingPath: codingPath + [key],
                            debugDescription: "a nested \(adding == .keyed ? "keyed" : "unkeyed") container was asked "
                                + "for under '\(key.stringValue)', which holds a value that is not a "
                                + "\(adding == .keyed ? "dictionary" : "list") to add to")))
            }
        }
        replaceField(at: position, with: -1)
        nested.append((position, true, child))
        return child
    }

    /// A keyed container asked for after the single-value container wrote a dictionary: the value
    /// becomes that dictionary, to which the keyed container adds (Foundation keeps both writes).
    /// Anything else the single-value container wrote is refused when the value finishes.
    @inline(never)
    func keepSingleDictionaryAsKeyed() {
        guard let single, !singleIsScalar,
            let written = state.writer.writtenCollection(atUIDReference: single), written.isDictionary
        else { return }
        collection = NestedContainer.self
        keySequence = nil
        keysAreDistinct = false
        keys = written.keys
        values = written.values
        self.single = nil
        shape = .keyed
    }

    /// The error for writes through containers of different kinds on one encoder, which no
    /// archived value can hold together.
    @inline(never)
    func mixedContainers() -> EncodingError {
        var kinds: [String] = []
        if !keys.isEmpty { kinds.append("a keyed container") }
        if !items.isEmpty { kinds.append("an unkeyed container") }
        if single != nil { kinds.append("the single-value container") }
        return EncodingError.invalidValue(
            type,
            EncodingError.Context(
                codingPath: codingPath,
                debugDescription: "\(type) wrote through \(kinds.joined(separator: " and ")) of one encoder: a keyed "
                    + "archive holds one of them per value (a keyed container may only add to a dictionary the "
                    + "single-value container wrote)"))
    }
}
