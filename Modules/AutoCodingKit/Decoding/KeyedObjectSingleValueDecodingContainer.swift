import Foundation

/// Reads the value at a decoder's position as one value.
struct KeyedObjectSingleValueDecodingContainer: SingleValueDecodingContainer {
    let decoder: KeyedValueDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }
    private var state: KeyedDecodingState { decoder.state }
    private var index: Int { decoder.index }

    func decodeNil() -> Bool { (try? state.isNil(at: index, codingPath: codingPath)) ?? false }
    func decode(_ type: Bool.Type) throws -> Bool { try state.bool(at: index, codingPath: codingPath) }
    func decode(_ type: String.Type) throws -> String { try state.string(at: index, codingPath: codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try state.double(at: index, codingPath: codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try state.float(at: index, codingPath: codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try state.integer(type, at: index, codingPath: codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try state.integer(type, at: index, codingPath: codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try state.integer(type, at: index, codingPath: codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try state.integer(type, at: index, codingPath: codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try state.integer(type, at: index, codingPath: codingPath) }
    func decode(_ type: Int128.Type) throws -> Int128 { try state.integer(type, at: index, codingPath: codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try state.integer(type, at: index, codingPath: codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try state.integer(type, at: index, codingPath: codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try state.integer(type, at: index, codingPath: codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try state.integer(type, at: index, codingPath: codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try state.integer(type, at: index, codingPath: codingPath) }
    func decode(_ type: UInt128.Type) throws -> UInt128 { try state.integer(type, at: index, codingPath: codingPath) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try state.decode(T.self, at: index, codingPath: codingPath)
    }
}
