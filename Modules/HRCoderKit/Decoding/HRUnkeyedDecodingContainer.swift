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

    /// The next element and its index, without moving past it: a read that fails leaves the
    /// element to be read again (as Foundation's decoders do), one that succeeds calls `advance()`.
    private func next(_ type: Any.Type) throws -> (node: HRValue, index: Int) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: path(currentIndex),
                    debugDescription: "the array at \(HRKeyPath.place(codingPath)) has only \(items.count) elements")
            )
        }
        return (items[currentIndex], currentIndex)
    }

    /// Moves past the element just read.
    private mutating func advance<T>(_ value: T) -> T {
        currentIndex += 1
        return value
    }

    /// The coding path of the element at `index` (made only when needed: errors, aliases, nested values).
    private func path(_ index: Int) -> [any CodingKey] { codingPath + [ArchiveCodingKey(index: index)] }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, HRDecoding.isNull(items[currentIndex]) else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let (node, index) = try next(type)
        return try advance(HRDecoding.bool(node, decoder.state, path(index)))
    }
    mutating func decode(_ type: String.Type) throws -> String {
        let (node, index) = try next(type)
        return try advance(HRDecoding.string(node, decoder.state, path(index)))
    }
    mutating func decode(_ type: Double.Type) throws -> Double {
        let (node, index) = try next(type)
        return try advance(HRDecoding.double(node, decoder.state, path(index)))
    }
    mutating func decode(_ type: Float.Type) throws -> Float {
        let (node, index) = try next(Double.self)
        return try advance(HRDecoding.float(node, decoder.state, path(index)))
    }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try integer(type) }
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try integer(type) }

    private mutating func integer<T: FixedWidthInteger & Decodable>(_ type: T.Type) throws -> T {
        let (node, index) = try next(type)
        return try advance(HRDecoding.integer(type, node, decoder.state, path(index)))
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (node, index) = try next(type)
        return try advance(decoder.state.unbox(node, as: type, at: path(index)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        let (node, index) = try next([String: HRValue].self)
        return try advance(
            HRDecoderImplementation(node: node, codingPath: path(index), state: decoder.state).container(
                keyedBy: type))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (node, index) = try next([HRValue].self)
        return try advance(
            HRDecoderImplementation(node: node, codingPath: path(index), state: decoder.state).unkeyedContainer())
    }

    mutating func superDecoder() throws -> any Decoder {
        let (node, index) = try next(HRValue.self)
        return advance(HRDecoderImplementation(node: node, codingPath: path(index), state: decoder.state))
    }
}
