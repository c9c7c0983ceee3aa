import Foundation

struct HRSingleValueDecodingContainer: SingleValueDecodingContainer {
    let decoder: HRDecoderImplementation
    var codingPath: [any CodingKey] { decoder.codingPath }
    private var node: HRValue { decoder.node }
    private var state: HRDecodingState { decoder.state }

    func decodeNil() -> Bool { HRDecoding.isNull(node) }
    func decode(_ type: Bool.Type) throws -> Bool { try HRDecoding.bool(node, state, codingPath) }
    func decode(_ type: String.Type) throws -> String { try HRDecoding.string(node, state, codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try HRDecoding.double(node, state, codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try HRDecoding.float(node, state, codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try HRDecoding.integer(type, node, state, codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try HRDecoding.integer(type, node, state, codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try HRDecoding.integer(type, node, state, codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try HRDecoding.integer(type, node, state, codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try HRDecoding.integer(type, node, state, codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try HRDecoding.integer(type, node, state, codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try HRDecoding.integer(type, node, state, codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try HRDecoding.integer(type, node, state, codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try HRDecoding.integer(type, node, state, codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try HRDecoding.integer(type, node, state, codingPath) }
    func decode(_ type: Int128.Type) throws -> Int128 { try HRDecoding.integer(type, node, state, codingPath) }
    func decode(_ type: UInt128.Type) throws -> UInt128 { try HRDecoding.integer(type, node, state, codingPath) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try state.unbox(node, as: type, at: codingPath)
    }
}
