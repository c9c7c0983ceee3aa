import Foundation

/// Integers wider than the document tree's: written as 64-bit signed integers when they fit,
/// else refused, since an ``HRValue/integer(_:)`` is signed 64-bit, as the original's.
enum HRWideInteger {
    /// The node of `value`, a `UInt`, `UInt64`, `Int128` or `UInt128`.
    ///
    /// - Throws: `EncodingError.invalidValue` naming the value, its type and `codingPath` when
    ///   it does not fit `Int64`.
    static func node<T: BinaryInteger & Encodable>(_ value: T, at codingPath: [any CodingKey]) throws -> HRValue {
        guard let signed = Int64(exactly: value) else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription:
                        "\(value) (\(T.self)) at '\(HRKeyPath.string(codingPath))' does not fit Int64: HRCoder "
                        + "archives hold signed 64-bit integers, as the original's"))
        }
        return .integer(signed)
    }
}
