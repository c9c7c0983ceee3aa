import Foundation

/// Reads a single value of a type's defaults.
struct DefaultsSingleValueDecodingContainer: SingleValueDecodingContainer {
    let node: DefaultsNode
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    func decodeNil() -> Bool {
        if case .null = node { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        try DefaultsDecoder.scalar(type, from: node, codingPath: codingPath)
    }
    func decode(_ type: String.Type) throws -> String {
        try DefaultsDecoder.scalar(type, from: node, codingPath: codingPath)
    }
    func decode(_ type: Double.Type) throws -> Double {
        try DefaultsDecoder.scalar(type, from: node, codingPath: codingPath)
    }
    func decode(_ type: Float.Type) throws -> Float {
        try DefaultsDecoder.scalar(type, from: node, codingPath: codingPath)
    }
    func decode(_ type: Int.Type) throws -> Int { try DefaultsDecoder.scalar(type, from: node, codingPath: codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 {
        try DefaultsDecoder.scalar(type, from: node, codingPath: codingPath)
    }
    func decode(_ type: Int16.Type) throws -> Int16 {
        try DefaultsDecoder.scalar(type, from: node, codingPath: codingPath)
    }
    func decode(_ type: Int32.Type) throws -> Int32 {
        try DefaultsDecoder.scalar(type, from: node, codingPath: codingPath)
    }
    func decode(_ type: Int64.Type) throws -> Int64 {
        try DefaultsDecoder.scalar(type, from: node, codingPath: codingPath)
    }
    func decode(_ type: UInt.Type) throws -> UInt {
        try DefaultsDecoder.scalar(type, from: node, codingPath: codingPath)
    }
    func decode(_ type: UInt8.Type) throws -> UInt8 {
        try DefaultsDecoder.scalar(type, from: node, codingPath: codingPath)
    }
    func decode(_ type: UInt16.Type) throws -> UInt16 {
        try DefaultsDecoder.scalar(type, from: node, codingPath: codingPath)
    }
    func decode(_ type: UInt32.Type) throws -> UInt32 {
        try DefaultsDecoder.scalar(type, from: node, codingPath: codingPath)
    }
    func decode(_ type: UInt64.Type) throws -> UInt64 {
        try DefaultsDecoder.scalar(type, from: node, codingPath: codingPath)
    }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type) throws -> Int128 {
        try DefaultsDecoder.scalar(type, from: node, codingPath: codingPath)
    }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type) throws -> UInt128 {
        try DefaultsDecoder.scalar(type, from: node, codingPath: codingPath)
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try DefaultsDecoder.decode(type, from: node, codingPath: codingPath, userInfo: userInfo)
    }
}
