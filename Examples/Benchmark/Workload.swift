import Foundation

/// The model form a workload codes.
enum ModelKind: String, Sendable, CaseIterable {
    /// ``Person`` structs.
    case `struct`
    /// ``PersonObject`` classes sharing companies (through `NSSecureCoding` for `NSKeyedArchiver`).
    case `class`
}

/// The direction a row measures.
enum Operation: String, Sendable, CaseIterable {
    case encode
    case decode
}

/// One coder on one model: how to encode the records, decode them, and check a decode.
struct Workload {
    /// The coder's row name, e.g. `"fastcoding"` or `"JSONEncoder"`.
    var coder: String
    var model: ModelKind
    /// How many records one encode or decode handles.
    var records: Int
    /// Encodes all records into one archive.
    var encode: () throws -> Data
    /// Decodes an archive made by `encode`, giving back how many records it held.
    var decode: (Data) throws -> Int
    /// Decodes an archive made by `encode` and throws ``DecodeCheckFailure`` unless it gives back
    /// the right records. Runs once, outside timing, so a broken coder cannot look fast.
    var check: (Data) throws -> Void
}

/// A decode that did not give back the records that were encoded.
struct DecodeCheckFailure: Error, CustomStringConvertible {
    var description: String
}
