import Foundation

/// Reads an array of a plain value tree. A decode that fails does not move on, so the element
/// can be read again as another type, as with Foundation's decoders.
struct PlainUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let elements: [Any]
    let codingPath: [any CodingKey]
    let state: PlainDecodingState
    private(set) var currentIndex = 0

    init(elements: [Any], codingPath: [any CodingKey], state: PlainDecodingState) {
        self.elements = elements
        self.codingPath = codingPath
        self.state = state
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// Reads the current element with `read` and moves past it only when `read` succeeds.
    private mutating func next<T>(_ type: T.Type, _ read: (Any, [any CodingKey]) throws -> T) throws -> T {
        let path = codingPath + [ArchiveCodingKey(index: currentIndex)]
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, DecodingError.Context(codingPath: path, debugDescription: "the array has no more elements"))
        }
        let value = try read(elements[currentIndex], path)
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex] is NSNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try element(type) }
    mutating func decode(_ type: String.Type) throws -> String { try element(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try element(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try element(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try element(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try element(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try element(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try element(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try element(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try element(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try element(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try element(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try element(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try element(type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try element(type)
    }

    private mutating func element<T: Decodable>(_ type: T.Type) throws -> T {
        let state = state
        return try next(type) { try PlainDecoder.decode(type, from: $0, codingPath: $1, state: state) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let state = state
        return try next(KeyedDecodingContainer<NestedKey>.self) {
            try Self.decoder($0, $1, state).container(keyedBy: type)
        }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let state = state
        return try next((any UnkeyedDecodingContainer).self) { try Self.decoder($0, $1, state).unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        let state = state
        return try next((any Decoder).self) { Self.decoder($0, $1, state) }
    }

    private static func decoder(_ value: Any, _ path: [any CodingKey], _ state: PlainDecodingState) -> PlainDecoder {
        PlainDecoder(value: value, codingPath: path, state: state, decodedType: nil, isRoot: false)
    }
}
