import Foundation

/// The `Encoder` a type's defaults are written to: it records a ``DefaultsSlot`` tree.
struct DefaultsEncoder: Encoder {
    let slot: DefaultsSlot
    let codingPath: [any CodingKey]
    let encoding: DefaultsEncoding
    var userInfo: [CodingUserInfoKey: Any] { encoding.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if let observed = ObservationKeys.encodingContainer(
            keyedBy: type, { container(keyedBy: ArchiveCodingKey.self) })
        {
            return observed
        }
        return KeyedEncodingContainer(
            DefaultsKeyedEncodingContainer(slot: slot, codingPath: codingPath, encoding: encoding))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.makeUnkeyed()
        return DefaultsUnkeyedEncodingContainer(slot: slot, codingPath: codingPath, encoding: encoding)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        DefaultsSingleValueEncodingContainer(slot: slot, codingPath: codingPath, encoding: encoding)
    }
}
