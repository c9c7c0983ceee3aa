import CodingCore
import Foundation

/// The objects of a binary property list (`bplist00`) by index, just enough to walk the outer
/// keyed archive of a legacy CryptoCoding file; ``BinaryPlistScanner`` (CodingCore) reads them.
///
/// Objects are read lazily by index and containers hold the indices of their members, so the
/// reader never recurses and hostile nesting cannot exhaust the stack.
struct LegacyBinaryPropertyList {
    /// One object; containers refer to their members by object index.
    enum Object: Equatable {
        case null
        case bool(Bool)
        case integer(Int64)
        case real(Double)
        case data(Data)
        case string(String)
        case uid(Int)
        case array([Int])
        case dictionary(keys: [Int], values: [Int])
        /// A kind this reader does not need (dates, sets, 16-byte integers).
        case unsupported
    }

    private let bytes: [UInt8]
    /// Index of the root object.
    let topObject: Int

    init(_ data: Data) throws {
        bytes = Array(data)
        guard BinaryPlistScanner.looksLikeBinary(bytes) else {
            throw Self.malformed("the outer archive is not a binary property list")
        }
        topObject = try Self.scanning(bytes) { $0.trailer.topObject }
    }

    /// The object at `index`.
    func object(_ index: Int) throws -> Object {
        try Self.scanning(bytes) { scanner throws(PlistFault) in
            let (object, _) = try scanner.object(at: try scanner.offset(ofObject: index))
            switch object {
            case .null: return .null
            case .bool(let value): return .bool(value)
            case .integer(let value, _): return .integer(value)
            case .real(let value, _): return .real(value)
            case .data(let range): return .data(Data(scanner.bytes[range]))
            case .asciiString(let range), .utf8String(let range): return .string(try scanner.utf8Text(range))
            case .utf16String(let range): return .string(try scanner.utf16Text(range))
            case .uid(let value): return .uid(Int(value & 0x7FFF_FFFF))
            case .array(let start, let count): return .array(try scanner.references(from: start, count: count))
            case .dictionary(let start, let count):
                let all = try scanner.references(from: start, count: 2 * count)
                return .dictionary(keys: Array(all[..<count]), values: Array(all[count...]))
            case .wideInteger, .date, .set: return .unsupported
            }
        }
    }

    /// Runs `body` on a scanner of `bytes`, turning its faults into this kit's error.
    private static func scanning<Result>(
        _ bytes: [UInt8], _ body: (BinaryPlistScanner) throws(PlistFault) -> Result
    ) throws -> Result {
        do {
            return try bytes.withUnsafeBytes { raw throws(PlistFault) in try body(try BinaryPlistScanner(raw)) }
        } catch let fault as PlistFault {
            throw malformed("\(fault.reason) (at byte \(fault.offset))")
        }
    }

    private static func malformed(_ reason: String) -> CryptoCodingError {
        .legacyArchiveMalformed(reason: reason)
    }
}
