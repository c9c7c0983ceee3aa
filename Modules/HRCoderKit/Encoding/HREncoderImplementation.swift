import CodingCore
import Foundation

/// The `Encoder` HRCoder hands to `encode(to:)`: builds one tree node.
final class HREncoderImplementation: Encoder {
    let state: HREncodingState
    let codingPath: [any CodingKey]
    /// The type whose `encode(to:)` this encoder serves, when known.
    let valueType: Any.Type?
    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }
    // Touched by one encode on one thread: no run-time exclusivity checks (see `HRKeyedStorage`).
    @exclusivity(unchecked) var keyed: HRKeyedStorage?
    @exclusivity(unchecked) var unkeyed: HRUnkeyedStorage?
    @exclusivity(unchecked) var single: HRValue?

    init(state: HREncodingState, codingPath: [any CodingKey], valueType: Any.Type? = nil) {
        self.state = state
        self.codingPath = codingPath
        self.valueType = valueType
    }

    /// Whether this encoder serves a `Dictionary`, whose entries are all kept (an empty
    /// reference included), where a model's empty reference is left out like a nil optional.
    var encodesDictionary: Bool {
        guard let valueType else { return false }
        return valueType is any CodableDictionaryMarker.Type
    }

    /// The node this encoder produced, with `tag` added as `$class` when it is a dictionary.
    func result(tag: String? = nil) -> HRValue {
        if let keyed {
            for (index, encoder) in keyed.pending { keyed.entries[index].value = encoder.result() }
            keyed.pending = []
            var entries: [String: HRValue]
            if let base = keyed.base {
                // Earlier writes of the same value (see `HRKeyedStorage.base`), checked when made.
                entries = base
                entries.reserveCapacity(base.count + keyed.entries.count + 1)
            } else {
                entries = [String: HRValue](minimumCapacity: keyed.entries.count + 1)
            }
            for (key, value) in keyed.entries {
                if key.utf8.first == UInt8(ascii: "$") { state.noteReservedKey(key, at: codingPath) }
                entries[key] = value
            }
            if let tag { entries[HRValue.classKey] = .string(tag) }
            return .dictionary(entries)
        }
        if let unkeyed {
            for (index, encoder) in unkeyed.pending where index < unkeyed.items.count {
                unkeyed.items[index] = encoder.result()
            }
            unkeyed.pending = []
            return .array(unkeyed.items)
        }
        // A value that encoded nothing at all is an empty dictionary, as the original's root.
        return single ?? .dictionary([:])
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if state.observedKeyTypes.contains(Key.self) {
            return ObservationKeys.observedEncodingContainer(
                keyedBy: Key.self, base: container(keyedBy: ArchiveCodingKey.self))
        }
        let storage = keyed ?? newKeyedStorage()
        keyed = storage
        return KeyedEncodingContainer(HRKeyedEncodingContainer<Key>(encoder: self, storage: storage))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let storage = unkeyed ?? newUnkeyedStorage()
        unkeyed = storage
        return HRUnkeyedEncodingContainer(encoder: self, storage: storage)
    }

    /// The first keyed container's storage: it adds to a dictionary the single-value container
    /// wrote, as Foundation's coders do.
    private func newKeyedStorage() -> HRKeyedStorage {
        let storage = HRKeyedStorage()
        if case let .dictionary(written)? = single, written[HRValue.aliasKey] == nil {
            storage.base = written
            single = nil
        }
        return storage
    }

    /// The first unkeyed container's storage: it adds to an array the single-value container wrote.
    private func newUnkeyedStorage() -> HRUnkeyedStorage {
        let storage = HRUnkeyedStorage()
        if case let .array(written)? = single {
            storage.items = written
            single = nil
        }
        return storage
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        HRSingleValueEncodingContainer(encoder: self)
    }
}
