import CodingCore
import Foundation

/// A small, bounds-checked reader of binary property lists (`bplist00`), just enough to walk the
/// outer keyed archive of a legacy CryptoCoding file.
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
        /// A kind this reader does not need (dates, sets, fill bytes).
        case unsupported(marker: UInt8)
    }

    private let bytes: [UInt8]
    private let trailer: BinaryPlistTrailer
    /// Index of the root object.
    var topObject: Int { trailer.topObject }
    private var referenceSize: Int { trailer.referenceSize }
    private var offsetTableOffset: Int { trailer.offsetTableStart }

    init(_ data: Data) throws {
        bytes = Array(data)
        guard bytes.starts(with: Array("bplist00".utf8)) else {
            throw Self.malformed("the outer archive is not a binary property list")
        }
        do {
            trailer = try bytes.withUnsafeBytes { try BinaryPlistTrailer($0) }
        } catch let fault as BinaryPlistFault {
            throw Self.malformed("\(fault.reason) (at byte \(fault.offset))")
        }
    }

    /// The object at `index`.
    func object(_ index: Int) throws -> Object {
        let offset: Int
        do {
            offset = try bytes.withUnsafeBytes { try trailer.objectOffset(index, in: $0) }
        } catch let fault as BinaryPlistFault {
            throw Self.malformed("\(fault.reason) (at byte \(fault.offset))")
        }
        var position = offset
        let marker = bytes[position]
        position += 1
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00: return .null
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            default: return .unsupported(marker: marker)
            }
        case 0x1:
            guard low <= 3 else { return .unsupported(marker: marker) }
            let raw = try read(1 << low, at: position, what: "an integer")
            return .integer(Int64(bitPattern: Self.bigEndian(raw[...])))
        case 0x2:
            switch low {
            case 2:
                let raw = Self.bigEndian(try read(4, at: position, what: "a real")[...])
                return .real(Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw))))
            case 3:
                return .real(Double(bitPattern: Self.bigEndian(try read(8, at: position, what: "a real")[...])))
            default: return .unsupported(marker: marker)
            }
        case 0x4:
            let (length, start) = try lengthAndStart(low, at: position)
            return .data(Data(try read(length, at: start, what: "data")))
        case 0x5:
            let (length, start) = try lengthAndStart(low, at: position)
            return .string(String(decoding: try read(length, at: start, what: "a string"), as: UTF8.self))
        case 0x6:
            let (length, start) = try lengthAndStart(low, at: position)
            let raw = try read(length * 2, at: start, what: "a string")
            let units = stride(from: 0, to: raw.count, by: 2).map { UInt16(raw[$0]) << 8 | UInt16(raw[$0 + 1]) }
            return .string(String(decoding: units, as: UTF16.self))
        case 0x8:
            return .uid(Int(Self.bigEndian(try read(low + 1, at: position, what: "a UID")[...]) & 0x7FFF_FFFF))
        case 0xA:
            let (count, start) = try lengthAndStart(low, at: position)
            return .array(try references(count, at: start))
        case 0xD:
            let (count, start) = try lengthAndStart(low, at: position)
            let all = try references(count * 2, at: start)
            return .dictionary(keys: Array(all[..<count]), values: Array(all[count...]))
        default:
            return .unsupported(marker: marker)
        }
    }

    private func lengthAndStart(_ low: Int, at position: Int) throws -> (Int, Int) {
        guard low == 0x0F else { return (low, position) }
        let marker = try read(1, at: position, what: "a length").first ?? 0
        guard marker >> 4 == 0x1, marker & 0x0F <= 3 else {
            throw Self.malformed("invalid length marker at \(position)")
        }
        let size = 1 << Int(marker & 0x0F)
        let length = Self.bigEndian(try read(size, at: position + 1, what: "a length")[...])
        guard length <= UInt64(bytes.count) else {
            throw Self.malformed("length \(length) at \(position) is too large")
        }
        return (Int(length), position + 1 + size)
    }

    private func references(_ count: Int, at position: Int) throws -> [Int] {
        let raw = try read(count * referenceSize, at: position, what: "object references")
        return stride(from: 0, to: raw.count, by: referenceSize).map {
            Int(clamping: Self.bigEndian(raw[$0..<($0 + referenceSize)]))
        }
    }

    private func read(_ count: Int, at position: Int, what: String) throws -> [UInt8] {
        guard count >= 0, position >= 0, position <= offsetTableOffset, offsetTableOffset - position >= count else {
            throw Self.malformed("\(what) at offset \(position) runs past the object area")
        }
        return Array(bytes[position..<(position + count)])
    }

    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static func malformed(_ reason: String) -> CryptoCodingError {
        .legacyArchiveMalformed(reason: reason)
    }
}
