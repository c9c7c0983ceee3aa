/// The single-value container of a ``BufferedEncoder``: holds one value.
struct BufferedSingleValueContainer: SingleValueEncodingContainer {
    let node: BufferedNode
    let encoder: BufferedEncoder
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { try set(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws { try set(.value(value)) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { try set(.value(value)) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { try set(.value(value)) }

    private func set(_ entry: BufferedNode.Entry) throws {
        guard node.become(.single), node.entries.isEmpty else {
            throw encoder.refusal(
                node.kind == .single
                    ? "a single-value container can hold one value only"
                    : "a single value was written for a value that already holds another kind of container",
                at: codingPath)
        }
        node.append(entry)
    }
}
