/// A decoder that answers every request with a placeholder (see ``PropertyKeyDiscovery``).
struct PlaceholderDecoder: Decoder {
    /// Set at the top level only: nested types' keys are not the model's properties.
    let recorder: KeyRecorder?
    let depth: Int

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if let observed = try ObservationKeys.decodingContainer(
            keyedBy: type, { try container(keyedBy: ArchiveCodingKey.self) })
        {
            return observed
        }
        return KeyedDecodingContainer(PlaceholderKeyedDecodingContainer<Key>(recorder: recorder, depth: depth))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        PlaceholderUnkeyedDecodingContainer()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        PlaceholderSingleValueDecodingContainer(depth: depth)
    }
}
