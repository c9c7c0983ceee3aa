import Foundation

/// The `Decoder` a missing key's default is read with: it reads one ``DefaultsNode``.
struct DefaultsDecoder: Decoder {
    let node: DefaultsNode
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if let observed = try ObservationKeys.decodingContainer(
            keyedBy: type, { try container(keyedBy: ArchiveCodingKey.self) })
        {
            return observed
        }
        guard case let .keyed(entries, order) = node else {
            throw mismatch([String: Any].self, "a keyed container", node, codingPath)
        }
        return KeyedDecodingContainer(
            DefaultsKeyedDecodingContainer<Key>(
                entries: entries, order: order, codingPath: codingPath, userInfo: userInfo))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case let .unkeyed(elements) = node else {
            throw mismatch([Any].self, "an unkeyed container", node, codingPath)
        }
        return DefaultsUnkeyedDecodingContainer(elements: elements, codingPath: codingPath, userInfo: userInfo)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        DefaultsSingleValueDecodingContainer(node: node, codingPath: codingPath, userInfo: userInfo)
    }

    /// Decodes a `T` from `node`: a scalar of that very type as it is, anything else through
    /// `T(from:)`.
    static func decode<T: Decodable>(
        _ type: T.Type, from node: DefaultsNode, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]
    ) throws -> T {
        if case let .scalar(value) = node, let exact = value as? T { return exact }
        return try T(from: DefaultsDecoder(node: node, codingPath: codingPath, userInfo: userInfo))
    }

    /// A scalar of type `T` from `node`: the value as it was written, or an integer or floating
    /// point value written with another width when it converts exactly.
    static func scalar<T>(_ type: T.Type, from node: DefaultsNode, codingPath: [any CodingKey]) throws -> T {
        guard case let .scalar(value) = node else { throw mismatch(type, "\(type)", node, codingPath) }
        if let exact = value as? T { return exact }
        if let converted = NumericConversion.exactly(value, as: type) { return converted }
        throw mismatch(type, "\(type)", node, codingPath)
    }
}

/// The type mismatch of a default that is not what its decoder asks for.
func mismatch(_ type: Any.Type, _ expected: String, _ node: DefaultsNode, _ codingPath: [any CodingKey])
    -> DecodingError
{
    DecodingError.typeMismatch(
        type,
        DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "expected \(expected) but the default holds \(node.kindDescription)"))
}
