import CodingCore

/// Arrays read straight from an archived list: capacity reserved once and each item decoded
/// without an unkeyed container, the same items and coding paths as `Array.init(from:)` sees.
protocol KeyedDecodableList {
    /// The list at `decoder`'s position, as `type` (which is `Self`).
    static func decodeList<Result>(from decoder: KeyedValueDecoder, as type: Result.Type) throws -> Result
}

extension Array: KeyedDecodableList where Element: Decodable {
    static func decodeList<Result>(from decoder: KeyedValueDecoder, as type: Result.Type) throws -> Result {
        let items = try decoder.listItems()
        let state = decoder.state
        var result: [Element] = []
        result.reserveCapacity(items.count)
        for position in 0..<items.count {
            result.append(
                try state.decode(
                    Element.self, at: items[position],
                    codingPath: decoder.codingPath + [ArchiveCodingKey(index: position)]))
        }
        // `Result` is `Self` (the decoder only calls this for the type it found conforming).
        if Result.self == [Element].self { return unsafeBitCast(result, to: Result.self) }
        guard let typed = result as? Result else {
            throw DecodingError.typeMismatch(
                Result.self,
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected \(Result.self)"))
        }
        return typed
    }
}
