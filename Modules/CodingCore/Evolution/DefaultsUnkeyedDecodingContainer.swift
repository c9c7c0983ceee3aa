import Foundation

/// Reads an unkeyed container of a type's defaults. A decode that fails does not move on, so
/// the element can be read again as another type.
struct DefaultsUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let elements: [DefaultsNode]
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]
    private(set) var currentIndex = 0

    init(elements: [DefaultsNode], codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]) {
        self.elements = elements
        self.codingPath = codingPath
        self.userInfo = userInfo
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// Reads the current element with `read` and moves past it only when `read` succeeds.
    private mutating func next<T>(_ read: (DefaultsNode, [any CodingKey]) throws -> T) throws -> T {
        let path = codingPath + [ArchiveCodingKey(index: currentIndex)]
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                T.self, DecodingError.Context(codingPath: path, debugDescription: "the default has no more elements"))
        }
        let value = try read(elements[currentIndex], path)
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = elements[currentIndex] else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        try next { try DefaultsDecoder.scalar(type, from: $0, codingPath: $1) }
    }
    mutating func decode(_ type: String.Type) throws -> String {
        try next { try DefaultsDecoder.scalar(type, from: $0, codingPath: $1) }
    }
    mutating func decode(_ type: Double.Type) throws -> Double {
        try next { try DefaultsDecoder.scalar(type, from: $0, codingPath: $1) }
    }
    mutating func decode(_ type: Float.Type) throws -> Float {
        try next { try DefaultsDecoder.scalar(type, from: $0, codingPath: $1) }
    }
    mutating func decode(_ type: Int.Type) throws -> Int {
        try next { try DefaultsDecoder.scalar(type, from: $0, codingPath: $1) }
    }
    mutating func decode(_ type: Int8.Type) throws -> Int8 {
        try next { try DefaultsDecoder.scalar(type, from: $0, codingPath: $1) }
    }
    mutating func decode(_ type: Int16.Type) throws -> Int16 {
        try next { try DefaultsDecoder.scalar(type, from: $0, codingPath: $1) }
    }
    mutating func decode(_ type: Int32.Type) throws -> Int32 {
        try next { try DefaultsDecoder.scalar(type, from: $0, codingPath: $1) }
    }
    mutating func decode(_ type: Int64.Type) throws -> Int64 {
        try next { try DefaultsDecoder.scalar(type, from: $0, codingPath: $1) }
    }
    mutating func decode(_ type: UInt.Type) throws -> UInt {
        try next { try DefaultsDecoder.scalar(type, from: $0, codingPath: $1) }
    }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
        try next { try DefaultsDecoder.scalar(type, from: $0, codingPath: $1) }
    }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
        try next { try DefaultsDecoder.scalar(type, from: $0, codingPath: $1) }
    }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
        try next { try DefaultsDecoder.scalar(type, from: $0, codingPath: $1) }
    }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
        try next { try DefaultsDecoder.scalar(type, from: $0, codingPath: $1) }
    }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func decode(_ type: Int128.Type) throws -> Int128 {
        try next { try DefaultsDecoder.scalar(type, from: $0, codingPath: $1) }
    }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 {
        try next { try DefaultsDecoder.scalar(type, from: $0, codingPath: $1) }
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let userInfo = userInfo
        return try next { try DefaultsDecoder.decode(type, from: $0, codingPath: $1, userInfo: userInfo) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        let userInfo = userInfo
        return try next { try DefaultsDecoder(node: $0, codingPath: $1, userInfo: userInfo).container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let userInfo = userInfo
        return try next { try DefaultsDecoder(node: $0, codingPath: $1, userInfo: userInfo).unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        let userInfo = userInfo
        return try next { DefaultsDecoder(node: $0, codingPath: $1, userInfo: userInfo) }
    }
}
