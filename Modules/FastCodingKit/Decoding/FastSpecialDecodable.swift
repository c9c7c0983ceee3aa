import Foundation

/// Types the decoder reads from native chunks instead of through their own `init(from:)`.
protocol FastSpecialDecodable {
    static func decodeSpecial(from context: FastDecodingContext) throws -> Self
}

extension FastSpecialDecodable {
    /// Reads a `Self` and returns it as `V`, the type the caller looked `Self` up for.
    static func decodeSpecial<V>(as type: V.Type, from context: FastDecodingContext) throws -> V {
        unsafeBitCast(try decodeSpecial(from: context), to: V.self)
    }
}

extension Int8: FastSpecialDecodable {
    static func decodeSpecial(from context: FastDecodingContext) throws -> Self { try context.readInteger(Self.self) }
}
extension Int16: FastSpecialDecodable {
    static func decodeSpecial(from context: FastDecodingContext) throws -> Self { try context.readInteger(Self.self) }
}
extension Int32: FastSpecialDecodable {
    static func decodeSpecial(from context: FastDecodingContext) throws -> Self { try context.readInteger(Self.self) }
}
extension Int64: FastSpecialDecodable {
    static func decodeSpecial(from context: FastDecodingContext) throws -> Self { try context.readInteger(Self.self) }
}
extension UInt: FastSpecialDecodable {
    static func decodeSpecial(from context: FastDecodingContext) throws -> Self { try context.readInteger(Self.self) }
}
extension UInt8: FastSpecialDecodable {
    static func decodeSpecial(from context: FastDecodingContext) throws -> Self { try context.readInteger(Self.self) }
}
extension UInt16: FastSpecialDecodable {
    static func decodeSpecial(from context: FastDecodingContext) throws -> Self { try context.readInteger(Self.self) }
}
extension UInt32: FastSpecialDecodable {
    static func decodeSpecial(from context: FastDecodingContext) throws -> Self { try context.readInteger(Self.self) }
}
extension UInt64: FastSpecialDecodable {
    static func decodeSpecial(from context: FastDecodingContext) throws -> Self { try context.readInteger(Self.self) }
}
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension Int128: FastSpecialDecodable {
    static func decodeSpecial(from context: FastDecodingContext) throws -> Self { try context.readInteger(Self.self) }
}
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension UInt128: FastSpecialDecodable {
    static func decodeSpecial(from context: FastDecodingContext) throws -> Self { try context.readInteger(Self.self) }
}
extension Float: FastSpecialDecodable {
    static func decodeSpecial(from context: FastDecodingContext) throws -> Self { try context.readFloat() }
}
extension Data: FastSpecialDecodable {
    static func decodeSpecial(from context: FastDecodingContext) throws -> Self { try context.readData() }
}
extension Decimal: FastSpecialDecodable {
    static func decodeSpecial(from context: FastDecodingContext) throws -> Self { try context.readDecimal() }
}

extension URL: FastSpecialDecodable {
    static func decodeSpecial(from context: FastDecodingContext) throws -> Self {
        guard let url = try context.readURL() else { throw context.corrupted("expected a URL") }
        return url
    }
}

extension UUID: FastSpecialDecodable {
    static func decodeSpecial(from context: FastDecodingContext) throws -> Self {
        let string = try context.readString()
        guard let uuid = UUID(uuidString: string) else { throw context.corrupted("'\(string)' is not a UUID") }
        return uuid
    }
}
