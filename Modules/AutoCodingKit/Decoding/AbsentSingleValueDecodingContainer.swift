/// The single-value container of an ``AbsentValueDecoder``: it holds null, so `decodeNil()` is
/// `true` and every other read throws `valueNotFound`.
struct AbsentSingleValueDecodingContainer: SingleValueDecodingContainer {
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { true }

    private func absent<T>(_ type: T.Type) -> DecodingError {
        DecodingError.valueNotFound(
            type,
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "expected \(type) at \(KeyedDecodingState.describe(codingPath)), "
                    + "but the archive has no value there"))
    }

    func decode(_ type: Bool.Type) throws -> Bool { throw absent(type) }
    func decode(_ type: String.Type) throws -> String { throw absent(type) }
    func decode(_ type: Double.Type) throws -> Double { throw absent(type) }
    func decode(_ type: Float.Type) throws -> Float { throw absent(type) }
    func decode(_ type: Int.Type) throws -> Int { throw absent(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { throw absent(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { throw absent(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { throw absent(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { throw absent(type) }
    func decode(_ type: Int128.Type) throws -> Int128 { throw absent(type) }
    func decode(_ type: UInt.Type) throws -> UInt { throw absent(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { throw absent(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { throw absent(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { throw absent(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { throw absent(type) }
    func decode(_ type: UInt128.Type) throws -> UInt128 { throw absent(type) }

    /// Optionals read as `nil`; any other type is absent.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let optional = type as? any ExpressibleByNilLiteral.Type,
            let none = optional.init(nilLiteral: ()) as? T
        {
            return none
        }
        throw absent(type)
    }
}
