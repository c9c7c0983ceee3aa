/// A single placeholder value; `nil` where an optional is asked for.
struct PlaceholderSingleValueDecodingContainer: SingleValueDecodingContainer {
    let depth: Int

    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { true }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try PropertyKeyDiscovery.placeholder(T.self, depth: depth)
    }
}
