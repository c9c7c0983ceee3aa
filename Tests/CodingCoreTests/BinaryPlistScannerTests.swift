import ArchiveTestSupport
import CodingCore
import Foundation
import Testing

/// The one reader of binary property-list objects, against Foundation's own files, every
/// marker written by hand, and objects that lie about their size.
@Suite("BinaryPlistScanner: every object of a binary property list, bounds-checked")
struct BinaryPlistScannerTests {
    private func scanning<Result>(
        _ bytes: [UInt8], _ body: (BinaryPlistScanner) throws(PlistFault) -> Result
    ) throws(PlistFault) -> Result {
        do {
            return try bytes.withUnsafeBytes { raw throws(PlistFault) in try body(try BinaryPlistScanner(raw)) }
        } catch let fault as PlistFault {
            throw fault
        } catch {
            preconditionFailure("BinaryPlistScanner throws only PlistFault")
        }
    }

    /// The top object of `bytes`.
    private func top(_ bytes: [UInt8]) throws(PlistFault) -> BinaryPlistObject {
        try scanning(bytes) { scanner throws(PlistFault) in
            try scanner.object(at: try scanner.offset(ofObject: scanner.trailer.topObject)).object
        }
    }

    private func fault(_ bytes: [UInt8]) throws -> PlistFault {
        try #require(throws: PlistFault.self) { try top(bytes) }
    }

    /// Object `index` of `bytes` as a Foundation property-list value, children included.
    private func value(_ index: Int, _ scanner: BinaryPlistScanner) throws(PlistFault) -> AnyHashable {
        let children = { (start: Int, count: Int) throws(PlistFault) -> [AnyHashable] in
            var items: [AnyHashable] = []
            for item in 0..<count {
                let position = start + item * scanner.trailer.referenceSize
                items.append(try value(try scanner.reference(at: position), scanner))
            }
            return items
        }
        switch try scanner.object(at: try scanner.offset(ofObject: index)).object {
        case .null: return "null"
        case .bool(let flag): return flag
        case .integer(let number, _): return number
        case .wideInteger(let high, let low): return "\(high):\(low)"
        case .real(let number, _): return number
        case .date(let seconds): return Date(timeIntervalSinceReferenceDate: seconds)
        case .data(let range): return Data(scanner.bytes[range])
        case .asciiString(let range), .utf8String(let range): return try scanner.utf8Text(range)
        case .utf16String(let range): return try scanner.utf16Text(range)
        case .uid(let number): return "uid \(number)"
        case .array(let start, let count): return try children(start, count)
        case .set(let start, let count): return Set(try children(start, count))
        case .dictionary(let start, let count):
            let all = try children(start, 2 * count)
            var entries: [String: AnyHashable] = [:]
            for entry in 0..<count { entries[all[entry] as? String ?? "?"] = all[count + entry] }
            return entries
        }
    }

    @Test("Foundation's binary plist of every kind reads back as Foundation wrote it")
    func foundationFile() throws {
        let written: [String: AnyHashable] = [
            "small": Int64(7), "wide": Int64(70_000), "negative": Int64(-5), "huge": Int64.max, "real": 2.5,
            "yes": true,
            "when": Date(timeIntervalSinceReferenceDate: 123_456.5), "bytes": Data([0, 1, 2, 0xFF]),
            "ascii": String(repeating: "long ascii text ", count: 4), "text": "héllo 😀",
            "list": [Int64(1), "two", [3.0] as [AnyHashable]] as [AnyHashable],
        ]
        let bytes = Array(try PropertyListSerialization.data(fromPropertyList: written, format: .binary, options: 0))
        let read = try scanning(bytes) { scanner throws(PlistFault) in
            try value(scanner.trailer.topObject, scanner)
        }
        #expect(read == AnyHashable(written))
    }

    @Test(
        "each marker written by hand",
        arguments: [
            ([0x00], "null"), ([0x09], "true"), ([0x11, 0x12, 0x34], "integer 4660 of 2"),
            ([0x13] + RawBinaryPlist.bigEndian(UInt64(bitPattern: -2)), "integer -2 of 8"),
            ([0x14] + RawBinaryPlist.bigEndian(0) + RawBinaryPlist.bigEndian(5), "integer 5 of 16"),
            ([0x14] + RawBinaryPlist.bigEndian(0) + RawBinaryPlist.bigEndian(.max), "wide 0 18446744073709551615"),
            ([0x14] + RawBinaryPlist.bigEndian(.max) + RawBinaryPlist.bigEndian(.max), "integer -1 of 16"),
            ([0x22, 0x3F, 0xC0, 0, 0], "real 1.5 of 4"), ([0x81, 0x01, 0x02], "uid 258"),
            ([0x72, 0xC3, 0xA9], "utf8 é"), ([0xC1, 0x00], "set of 1 at 9"),
        ] as [([UInt8], String)])
    func markers(_ object: [UInt8], _ expected: String) throws {
        let described =
            switch try top(RawBinaryPlist.bytes([object])) {
            case .null: "null"
            case .bool(let flag): "\(flag)"
            case .integer(let number, let width): "integer \(number) of \(width)"
            case .wideInteger(let high, let low): "wide \(high) \(low)"
            case .real(let number, let width): "real \(number) of \(width)"
            case .uid(let number): "uid \(number)"
            case .utf8String(let range): "utf8 \(String(decoding: object[(range.lowerBound - 8)...], as: UTF8.self))"
            case .set(let start, let count): "set of \(count) at \(start)"
            default: "other"
            }
        #expect(described == expected)
    }

    @Test("a set is told by its marker, even when its payload does not fit")
    func setMarker() throws {
        let found = try [[0xC1, 0x00], [0xCF, 0x10, 0x7F], [0xA1, 0x00], [0xD0]].map { object throws(PlistFault) in
            try scanning(RawBinaryPlist.bytes([object])) { scanner throws(PlistFault) in
                scanner.isSet(at: try scanner.offset(ofObject: 0))
            }
        }
        #expect(found == [true, true, false, false])
    }

    @Test(
        "objects that do not fit or make no sense are faults naming where",
        arguments: [
            ([[0xF0]], 8, "unknown type byte 0xf0"),
            ([[0x14, 1, 2]], 8, "16-byte integer of 16 bytes runs past the object area"),
            ([[0x5F, 0x20]], 8, "invalid count marker after type byte 0x5f"),
            ([[0x5F, 0x13, 0x40, 0, 0, 0, 0, 0, 0, 0]], 8, "count 4611686018427387904 cannot fit in"),
            (
                [[0x33] + RawBinaryPlist.bigEndian(Double.nan.bitPattern)], 8,
                "date whose seconds are not a number (NaN)"
            ),
            ([[0x17] + RawBinaryPlist.bigEndian(0)], 8, "integer of 2^7 bytes is not supported"),
            ([[0xA3, 0, 0]], 8, "array of 3 bytes runs past the object area"),
        ] as [([[UInt8]], Int, String)])
    func faults(_ objects: [[UInt8]], _ offset: Int, _ reason: String) throws {
        let fault = try fault(RawBinaryPlist.bytes(objects))
        #expect(fault.offset == offset)
        #expect(fault.reason.hasPrefix(reason), "\(fault.reason)")
    }

    @Test("references, text and headers are checked where they stand")
    func referencesAndText() throws {
        let outOfRange = try #require(throws: PlistFault.self) {
            try scanning(RawBinaryPlist.bytes([[0xA1, 0x05]])) { scanner throws(PlistFault) in
                guard case .array(let start, _) = try scanner.object(at: 8).object else { return 0 }
                return try scanner.reference(at: start)
            }
        }
        #expect(outOfRange == PlistFault(offset: 9, reason: "object reference 5 is out of range (1 objects)"))

        let utf8 = try #require(throws: PlistFault.self) {
            try scanning(RawBinaryPlist.bytes([[0x53, 0x61, 0xC3, 0x28]])) { scanner throws(PlistFault) in
                try scanner.utf8Text(9..<12)
            }
        }
        #expect(utf8 == PlistFault(offset: 10, reason: "string bytes that are not valid UTF-8"))

        let utf16 = try #require(throws: PlistFault.self) {
            try scanning(RawBinaryPlist.bytes([[0x62, 0x00, 0x61, 0xD8, 0x00]])) { scanner throws(PlistFault) in
                try scanner.utf16Text(9..<13)
            }
        }
        #expect(utf16 == PlistFault(offset: 11, reason: "UTF-16 string with a lone surrogate"))

        var noHeader = RawBinaryPlist.bytes([[0x09]])
        noHeader[0] = UInt8(ascii: "x")
        #expect(try fault(noHeader) == PlistFault(offset: 0, reason: "missing the bplist0 header"))
    }
}
