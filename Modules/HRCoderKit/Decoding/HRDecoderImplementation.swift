import Foundation

/// The `Decoder` HRCoder hands to `init(from:)`: reads one tree node.
final class HRDecoderImplementation: Decoder {
    let node: HRValue
    let codingPath: [any CodingKey]
    let state: HRDecodingState
    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    init(node: HRValue, codingPath: [any CodingKey], state: HRDecodingState) {
        self.node = node
        self.codingPath = codingPath
        self.state = state
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case let .dictionary(entries) = node else {
            throw HRDecoding.mismatch([String: HRValue].self, "a dictionary", node, codingPath)
        }
        try state.materialise(entries.count, at: codingPath)
        return KeyedDecodingContainer(HRKeyedDecodingContainer<Key>(decoder: self, entries: entries))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
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
