import Foundation

/// The `Decoder` HRCoder hands to `init(from:)`: reads one tree node.
final class HRDecoderImplementation: Decoder {
    let node: HRValue
    let codingPath: [any CodingKey]
    let state: HRDecodingState
    /// The type whose `init(from:)` reads this node, whose defaults and former key names a
    /// keyed container consults for a missing key; `nil` for nested containers and super
    /// decoders, whose keys are not the type's own.
    let decodedType: Any.Type?
    /// Whether this decoder stands for a key the document lacks (`superDecoder(forKey:)` of an
    /// absent key, as Foundation's): its single value is null, its containers are empty.
    let isAbsent: Bool
    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    init(node: HRValue, codingPath: [any CodingKey], state: HRDecodingState, decodedType: Any.Type? = nil) {
        self.node = node
        self.codingPath = codingPath
        self.state = state
        self.decodedType = decodedType
        isAbsent = false
    }

    /// The decoder of an absent key at `codingPath`.
    init(absentAt codingPath: [any CodingKey], state: HRDecodingState) {
        node = .null
        self.codingPath = codingPath
        self.state = state
        decodedType = nil
        isAbsent = true
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if state.observedKeyTypes.contains(Key.self) {
            return ObservationKeys.observedDecodingContainer(
                keyedBy: Key.self, base: try container(keyedBy: ArchiveCodingKey.self))
        }
        if isAbsent { return KeyedDecodingContainer(HRKeyedDecodingContainer<Key>(decoder: self, entries: [:])) }
        guard case let .dictionary(entries) = node else {
            throw HRDecoding.mismatch([String: HRValue].self, "a dictionary", node, codingPath)
        }
        try state.materialise(entries.count, at: codingPath)
        return KeyedDecodingContainer(HRKeyedDecodingContainer<Key>(decoder: self, entries: entries))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        if isAbsent { return HRUnkeyedDecodingContainer(decoder: self, items: []) }
        guard case let .array(items) = node else {
            throw HRDecoding.mismatch([HRValue].self, "an array", node, codingPath)
        }
        try state.materialise(items.count, at: codingPath)
        return HRUnkeyedDecodingContainer(decoder: self, items: items)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        HRSingleValueDecodingContainer(decoder: self)
    }
}
