import Foundation

struct HRUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: HRDecoderImplementation
    let items: [HRValue]
    var currentIndex = 0
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    init(decoder: HRDecoderImplementation, items: [HRValue]) {
        self.decoder = decoder
        self.items = items
    }

    /// The next element and its coding path; moves past it.
    private mutating func next(_ type: Any.Type) throws -> (HRValue, [any CodingKey]) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: codingPath + [ArchiveCodingKey(index: currentIndex)],
                    debugDescription: "the array at '\(HRKeyPath.string(codingPath))' has only \(items.count) elements")
            )
        }
        let element = (items[currentIndex], codingPath + [ArchiveCodingKey(index: currentIndex)])
        currentIndex += 1
        return element
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, HRDecoding.isNull(items[currentIndex]) else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try read(type) { try HRDecoding.bool($0, $1, $2) } }
    mutating func decode(_ type: String.Type) throws -> String { try read(type) { try HRDecoding.string($0, $1, $2) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try read(type) { try HRDecoding.double($0, $1, $2) } }
    mutating func decode(_ type: Float.Type) throws -> Float {
        Float(try read(Double.self) { try HRDecoding.double($0, $1, $2) })
    }
    mutating func decode(_ type: Int.Type) throws -> Int { try read(type) { try HRDecoding.integer(type, $0, $1, $2) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 {
        try read(type) { try HRDecoding.integer(type, $0, $1, $2) }
    }
    mutating func decode(_ type: Int16.Type) throws -> Int16 {
        try read(type) { try HRDecoding.integer(type, $0, $1, $2) }
    }
    mutating func decode(_ type: Int32.Type) throws -> Int32 {
        try read(type) { try HRDecoding.integer(type, $0, $1, $2) }
    }
    mutating func decode(_ type: Int64.Type) throws -> Int64 {
        try read(type) { try HRDecoding.integer(type, $0, $1, $2) }
    }
    mutating func decode(_ type: UInt.Type) throws -> UInt {
        try read(type) { try HRDecoding.integer(type, $0, $1, $2) }
    }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
        try read(type) { try HRDecoding.integer(type, $0, $1, $2) }
    }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
        try read(type) { try HRDecoding.integer(type, $0, $1, $2) }
    }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
        try read(type) { try HRDecoding.integer(type, $0, $1, $2) }
    }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
        try read(type) { try HRDecoding.integer(type, $0, $1, $2) }
    }

    private mutating func read<T>(_ type: T.Type, _ body: (HRValue, HRDecodingState, [any CodingKey]) throws -> T)
        throws -> T
    {
        let (node, path) = try next(type)
        return try body(node, decoder.state, path)
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (node, path) = try next(type)
        return try decoder.state.unbox(node, as: type, at: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        let (node, path) = try next([String: HRValue].self)
        return try HRDecoderImplementation(node: node, codingPath: path, state: decoder.state).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (node, path) = try next([HRValue].self)
        return try HRDecoderImplementation(node: node, codingPath: path, state: decoder.state).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (node, path) = try next(HRValue.self)
        return HRDecoderImplementation(node: node, codingPath: path, state: decoder.state)
    }
}
