import Foundation

/// Unsigned integers are written as 64-bit signed integers, the widest plists and HRCoder know.
enum HRUnsigned {
    static func node(_ value: UInt64, at codingPath: [any CodingKey]) throws -> HRValue {
        guard let signed = Int64(exactly: value) else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "\(value) is larger than Int64.max, the largest integer property lists hold"))
        }
        return .integer(signed)
    }
}
