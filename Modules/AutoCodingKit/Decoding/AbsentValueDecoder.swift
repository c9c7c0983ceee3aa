/// The decoder `superDecoder(forKey:)` returns for a key the archive lacks, as Foundation's
/// decoders do: it reads as null, and its containers find nothing (every key is missing, the
/// list is empty), so the type decoding from it decides whether that is an error.
struct AbsentValueDecoder: Decoder {
    let state: KeyedDecodingState
    let codingPath: [any CodingKey]

    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(
            KeyedObjectKeyedDecodingContainer<Key>(
                fields: KeyedContainerFields(
                    state: state, keys: [], values: [], codingPath: codingPath, decodedType: Any.self)))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        KeyedObjectUnkeyedDecodingContainer(state: state, items: .empty, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        AbsentSingleValueDecodingContainer(codingPath: codingPath)
    }
}
