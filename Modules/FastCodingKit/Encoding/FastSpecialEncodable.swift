import Foundation

/// Types the encoder writes as native chunks instead of through their own `encode(to:)`.
protocol FastSpecialEncodable {
    func encodeSpecial(to context: FastEncodingContext) throws
}

extension FastSpecialEncodable {
    /// Writes `value`, which is of type `Self` (the caller looked the type up for `V`).
    static func encodeSpecial<V>(_ value: V, to context: FastEncodingContext) throws {
        try unsafeBitCast(value, to: Self.self).encodeSpecial(to: context)
    }
}

extension Int8: FastSpecialEncodable {
    func encodeSpecial(to context: FastEncodingContext) throws { try context.writeInteger(self) }
}
extension Int16: FastSpecialEncodable {
    func encodeSpecial(to context: FastEncodingContext) throws { try context.writeInteger(self) }
}
extension Int32: FastSpecialEncodable {
    func encodeSpecial(to context: FastEncodingContext) throws { try context.writeInteger(self) }
}
extension Int64: FastSpecialEncodable {
    func encodeSpecial(to context: FastEncodingContext) throws { try context.writeInteger(self) }
}
extension UInt: FastSpecialEncodable {
    func encodeSpecial(to context: FastEncodingContext) throws { try context.writeInteger(self) }
}
extension UInt8: FastSpecialEncodable {
    func encodeSpecial(to context: FastEncodingContext) throws { try context.writeInteger(self) }
}
extension UInt16: FastSpecialEncodable {
    func encodeSpecial(to context: FastEncodingContext) throws { try context.writeInteger(self) }
}
extension UInt32: FastSpecialEncodable {
    func encodeSpecial(to context: FastEncodingContext) throws { try context.writeInteger(self) }
}
extension UInt64: FastSpecialEncodable {
    func encodeSpecial(to context: FastEncodingContext) throws { try context.writeInteger(self) }
}
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension Int128: FastSpecialEncodable {
    func encodeSpecial(to context: FastEncodingContext) throws { try context.writeInteger(self) }
}
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension UInt128: FastSpecialEncodable {
    func encodeSpecial(to context: FastEncodingContext) throws { try context.writeInteger(self) }
}
extension Float: FastSpecialEncodable {
    func encodeSpecial(to context: FastEncodingContext) throws { context.writeFloat(self) }
}
extension Data: FastSpecialEncodable {
    func encodeSpecial(to context: FastEncodingContext) throws { try context.writeData(self) }
}
extension URL: FastSpecialEncodable {
    func encodeSpecial(to context: FastEncodingContext) throws { try context.writeURL(self) }
}

/// UUIDs are written as their canonical string (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`).
extension UUID: FastSpecialEncodable {
    func encodeSpecial(to context: FastEncodingContext) throws { try context.writeString(uuidString) }
}

/// Decimals are written as DecimalNumber chunks (2C).
extension Decimal: FastSpecialEncodable {
    func encodeSpecial(to context: FastEncodingContext) throws {
        context.output.writeByte(ChunkType.decimalNumber.rawValue)
        context.output.pad(NSDecimalLayout.size)
        NSDecimalLayout.write(self, to: context.output)
    }
}
