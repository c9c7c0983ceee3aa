import Foundation

/// The `Encoder` handed to one value's `encode(to:)`: it collects the value's fields (object or
/// dictionary), items (array, set) or single value as property-list references, and
/// ``finish()`` writes the value's `$objects` entry once `encode(to:)` has returned.
final class KeyedValueEncoder: Encoder {
    enum Shape { case empty, keyed, unkeyed, single }

    let state: KeyedEncodingState
    /// The encoder of the enclosing value and the key of this one in it: the coding path is
    /// built from them only when asked for (errors, `encode(to:)` implementations that look).
    let parent: KeyedValueEncoder?
    let key: (any CodingKey)?
    /// Whether the parent stores scalars in place (object properties) or needs entries.
    let inline: Bool
    /// The `$objects` slot reserved for a class instance before its properties were written.
    let uid: UInt64?
    let type: Any.Type
    /// Set for `Dictionary` and `Set`, which become `NSDictionary` and `NSSet` (and for a value
    /// whose keyed container adds to a dictionary its single-value container wrote).
    @exclusivity(unchecked) var collection: (any KeyedCollectionMarker.Type)?

    // The mutable state below is touched by one encode on one thread, each access finished
    // before the next begins: no run-time exclusivity checks (see `KeyedEncodingState`).

    /// Keys this type wrote last time (not for dictionaries, whose keys vary).
    @exclusivity(unchecked) var keySequence: KeySequence?
    @exclusivity(unchecked) var shape = Shape.empty
    /// Object property keys (string references) or dictionary keys (UID references).
    @exclusivity(unchecked) var keys: [Int] = []
    @exclusivity(unchecked) var values: [Int] = []
    @exclusivity(unchecked) var items: [Int] = []
    @exclusivity(unchecked) var single: Int?
    /// Whether ``single`` is a scalar (true) or a UID reference (false).
    @exclusivity(unchecked) var singleIsScalar = false
    /// Whether the keys written so far are known to differ without a search: a dictionary's
    /// keys, and an object's while each was the key its type wrote at that position before, or
    /// a key new to the type written after those (see ``KeySequence``). Otherwise a key written again replaces the value (see
    /// ``appendOrReplaceField(key:value:)``).
    @exclusivity(unchecked) var keysAreDistinct = true
    /// Nested containers and super encoders, written when this value finishes.
    @exclusivity(unchecked) var nested: [(slot: Int, keyed: Bool, encoder: KeyedValueEncoder)] = []

    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    init(
        state: KeyedEncodingState, parent: KeyedValueEncoder?, key: (any CodingKey)?, inline: Bool, uid: UInt64?,
        type: Any.Type, collection: (any KeyedCollectionMarker.Type)?
    ) {
        self.state = state
        self.parent = parent
        self.key = key
        self.inline = inline
        self.uid = uid
        self.type = type
        self.collection = collection
    }

    var codingPath: [any CodingKey] {
        var path = parent?.codingPath ?? []
        if let key { path.append(key) }
        return path
    }

    var isDictionary: Bool { collection?.foundationClassName == "NSDictionary" }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if state.observedKeyTypes.contains(Key.self) {
            return ObservationKeys.observedEncodingContainer(
                keyedBy: Key.self, base: container(keyedBy: ArchiveCodingKey.self))
        }
        if shape == .empty {
            shape = .keyed
            keys.reserveCapacity(16)
            values.reserveCapacity(16)
        } else if shape == .single {
            keepSingleDictionaryAsKeyed()
        }
        return KeyedEncodingContainer(KeyedObjectKeyedEncodingContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if shape == .empty {
            shape = .unkeyed
            items.reserveCapacity(8)
        }
        return KeyedObjectUnkeyedEncodingContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        if shape == .empty { shape = .single }
        return KeyedObjectSingleValueEncodingContainer(encoder: self)
    }

    /// The key reference of a field: a plain string for object properties; for dictionaries an
    /// entry holding the key (a string, or a number for integer-keyed dictionaries).
    @inline(__always)
    func keyReference(_ key: some CodingKey) -> Int {
        guard isDictionary else {
            let name = key.stringValue
            guard let keySequence else {
                keysAreDistinct = false
                checkPropertyName(name, key)
                return state.writer.string(name)
            }
            let position = keys.count
            if let cached = keySequence.reference(at: position, for: name) { return cached }
            checkPropertyName(name, key)
            let reference = state.writer.string(name)
            // A key that extends the sequence differs from every key before it in this value
            // (they all matched the sequence); any other miss may repeat one.
            if !keySequence.record(name, reference: reference, at: position) { keysAreDistinct = false }
            return reference
        }
        if collection?.hasStringKeys == false, let integer = key.intValue {
            return state.writer.entry(state.writer.plist.integer(Int64(integer)))
        }
        return state.writer.stringEntry(key.stringValue)
    }

    /// Records a property named `$class`, which an archived object uses for its class (checked
    /// when a type's key is first met, not on every write).
    private func checkPropertyName(_ name: String, _ key: some CodingKey) {
        guard name == "$class" else { return }
        state.noteReservedKey(name, at: codingPath + [key])
    }

    /// A child encoder for a nested container or super encoder at `key`.
    func child(at key: any CodingKey) -> KeyedValueEncoder {
        let child = KeyedValueEncoder(
            state: state, parent: self, key: key, inline: !isDictionary, uid: nil,
            type: NestedContainer.self, collection: NestedContainer.self)
        child.keysAreDistinct = false
        return child
    }

    /// Writes the value's entry (or returns its scalar) and returns the reference its parent stores.
    func finish() throws -> Int {
        // Writes through a container of another kind than the first one asked for.
        if single != nil && shape != .single || !items.isEmpty && shape != .unkeyed || !keys.isEmpty && shape != .keyed
        {
            throw mixedContainers()
        }
        for (slot, keyed, encoder) in nested {
            let reference = try encoder.finish()
            if keyed { values[slot] = reference } else { items[slot] = reference }
        }
        let writer = state
        switch shape {
        case .single:
            guard let single else {
                throw EncodingError.invalidValue(
                    type,
                    EncodingError.Context(
                        codingPath: codingPath,
                        debugDescription: "a single-value container was requested but nothing encoded"))
            }
            if let uid { return wrapInstance(uid, holding: single) }
            if singleIsScalar { return inline ? single : writer.writer.entry(single) }
            return single
        case .unkeyed:
            // A nested unkeyed container is an NSArray; a Dictionary encoded unkeyed (keys that
            // are neither strings nor integers) lists its keys and values in turn.
            let isNested = collection is NestedContainer.Type
            if let collection, !isNested, collection.foundationClassName == "NSDictionary" {
                guard items.count.isMultiple(of: 2) else {
                    throw EncodingError.invalidValue(
                        type,
                        EncodingError.Context(
                            codingPath: codingPath,
                            debugDescription: "a dictionary encoded an odd number of keys and values"))
                }
                let keys = stride(from: 0, to: items.count, by: 2).map { items[$0] }
                let values = stride(from: 1, to: items.count, by: 2).map { items[$0] }
                return dictionary(keys: keys, values: values)
            }
            let className = isNested ? "NSArray" : collection?.foundationClassName ?? "NSArray"
            let list = writer.writer.foundationObject(
                className, keys: ["NS.objects"], values: [writer.writer.plist.array(items)])
            if let uid { return wrapInstance(uid, holding: list) }
            return list
        case .keyed, .empty:
            if isDictionary { return dictionary(keys: keys, values: values) }
            let target = uid ?? writer.writer.reserveUID()
            let classReference = writer.classReference(for: type)
            keys.insert(writer.writer.classKeyReference, at: 0)
            values.insert(classReference, at: 0)
            writer.writer.setEntry(target, reference: writer.writer.plist.dictionary(keys: keys, values: values))
            return writer.writer.uidReference(target)
        }
    }

    /// Writes a class instance that coded itself through a single-value or unkeyed container as
    /// an object of its own class whose one property, ``KeyedValueDecoder/singleValueKey``, holds
    /// `value` (a scalar in place or a UID): the instance keeps an entry, so it is decoded once
    /// however often it is met.
    private func wrapInstance(_ uid: UInt64, holding value: Int) -> Int {
        let fields = [state.writer.classKeyReference, state.writer.string(KeyedValueDecoder.singleValueKey)]
        let entry = state.writer.plist.dictionary(keys: fields, values: [state.classReference(for: type), value])
        state.writer.setEntry(uid, reference: entry)
        return state.writer.uidReference(uid)
    }

    private func dictionary(keys: [Int], values: [Int]) -> Int {
        let writer = state
        let keyList = writer.writer.plist.array(keys)
        let valueList = writer.writer.plist.array(values)
        return writer.writer.foundationObject(
            "NSDictionary", keys: ["NS.keys", "NS.objects"], values: [keyList, valueList],
            into: uid)
    }
}
