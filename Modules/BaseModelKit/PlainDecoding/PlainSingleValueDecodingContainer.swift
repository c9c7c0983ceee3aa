import Foundation

/// Reads one value of a plain value tree.
struct PlainSingleValueDecodingContainer: SingleValueDecodingContainer {
    let value: Any
    let codingPath: [any CodingKey]
    let state: PlainDecodingState

    func decodeNil() -> Bool { value is NSNull }

    func decode(_ type: Bool.Type) throws -> Bool { try generic(type) }
    func decode(_ type: String.Type) throws -> String { try generic(type) }
    func decode(_ type: Double.Type) throws -> Double { try generic(type) }
    func decode(_ type: Float.Type) throws -> Float { try generic(type) }
    func decode(_ type: Int.Type) throws -> Int { try generic(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try generic(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try generic(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try generic(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try generic(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try generic(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try generic(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try generic(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try generic(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try generic(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try generic(type)
    }

    private func generic<T: Decodable>(_ type: T.Type) throws -> T {
        try PlainDecoder.decode(type, from: value, codingPath: codingPath, state: state)
    }
}
