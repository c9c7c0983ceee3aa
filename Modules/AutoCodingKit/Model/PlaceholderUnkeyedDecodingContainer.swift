/// An empty list.
struct PlaceholderUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int? { 0 }
    var isAtEnd: Bool { true }
    var currentIndex: Int { 0 }

    private func empty(_ type: Any.Type) -> DecodingError {
        .valueNotFound(type, DecodingError.Context(codingPath: [], debugDescription: "placeholder lists are empty"))
    }

    mutating func decodeNil() throws -> Bool { true }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { throw empty(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        throw empty(type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw empty([Any].self) }

    mutating func superDecoder() throws -> any Decoder { throw empty(Any.self) }
}
