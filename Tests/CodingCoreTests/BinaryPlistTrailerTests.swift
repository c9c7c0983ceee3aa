import CodingCore
import Foundation
import Testing

/// The one trailer check every binary property-list reader starts with, against Foundation's
/// own files and against trailers that lie about the file.
@Suite("BinaryPlistTrailer: a binary property list's trailer, checked against its bytes")
struct BinaryPlistTrailerTests {
    /// Foundation's binary plist of `count` strings: `count + 1` objects, the array first.
    private func foundationPlist(strings count: Int) throws -> [UInt8] {
        let strings = (0..<count).map { "s\($0)" }
        return Array(try PropertyListSerialization.data(fromPropertyList: strings, format: .binary, options: 0))
    }

    /// `bytes` with the trailer field at `field` (an offset from the trailer's start) set to
    /// `value`, big-endian in `width` bytes.
    private func patched(_ bytes: [UInt8], field: Int, width: Int, value: UInt64) -> [UInt8] {
        var bytes = bytes
        let start = bytes.count - BinaryPlistTrailer.size + field
        for index in 0..<width {
            bytes[start + index] = UInt8(truncatingIfNeeded: value >> UInt64(8 * (width - 1 - index)))
        }
        return bytes
    }

    private func trailer(_ bytes: [UInt8]) throws(PlistFault) -> BinaryPlistTrailer {
        do {
            return try bytes.withUnsafeBytes { try BinaryPlistTrailer($0) }
        } catch let fault as PlistFault {
            throw fault
        } catch {
            preconditionFailure("BinaryPlistTrailer throws only PlistFault")
        }
    }

    @Test("Foundation's files: every object's offset is found, at each table width", arguments: [3, 300, 70_000])
    func foundationFiles(_ count: Int) throws {
        let bytes = try foundationPlist(strings: count)
        let trailer = try trailer(bytes)
        #expect(trailer.objectCount == count + 1)
        #expect(trailer.topObject < trailer.objectCount)
        let markers = try bytes.withUnsafeBytes { raw in
            try (0..<trailer.objectCount).map { bytes[try trailer.objectOffset($0, in: raw)] >> 4 }
        }
        #expect(markers.filter { $0 == 0xA }.count == 1)
        #expect(markers.filter { $0 == 0x5 }.count == count)
    }

    /// Each lie names the trailer field it is in.
    @Test("a trailer that does not fit the file is refused at its field")
    func lyingTrailers() throws {
        let good = try foundationPlist(strings: 3)
        let trailerStart = good.count - BinaryPlistTrailer.size
        let lies: [(bytes: [UInt8], field: Int, words: String)] = [
            (patched(good, field: 6, width: 1, value: 0), 6, "offset size 0"),
            (patched(good, field: 6, width: 1, value: 9), 6, "offset size 9"),
            (patched(good, field: 7, width: 1, value: 0), 7, "reference size 0"),
            (patched(good, field: 8, width: 8, value: 0), 8, "object count 0"),
            (patched(good, field: 8, width: 8, value: UInt64.max), 8, "object count"),
            (patched(good, field: 16, width: 8, value: 4), 16, "top object 4"),
            (patched(good, field: 24, width: 8, value: 3), 24, "offset table at 3"),
            (patched(good, field: 24, width: 8, value: UInt64(trailerStart)), 24, "does not fit"),
        ]
        for lie in lies {
            let fault = try #require(throws: PlistFault.self) { try trailer(lie.bytes) }
            #expect(fault.offset == trailerStart + lie.field, "\(fault)")
            #expect(fault.reason.contains(lie.words), "\(fault.reason)")
        }
        // 301 objects need references of 2 bytes.
        let large = try foundationPlist(strings: 300)
        let narrow = try #require(throws: PlistFault.self) {
            try trailer(patched(large, field: 7, width: 1, value: 1))
        }
        #expect(narrow.offset == large.count - BinaryPlistTrailer.size + 7)
        #expect(narrow.reason.contains("cannot address 301"), "\(narrow.reason)")
        let short = Array(good.prefix(40))
        let fault = try #require(throws: PlistFault.self) { try trailer(short) }
        #expect(fault.offset == 0 && fault.reason.contains("too short"))
    }

    @Test("an object reference outside the table, or an offset outside the object area, is refused")
    func lyingOffsets() throws {
        var bytes = try foundationPlist(strings: 3)
        let trailer = try trailer(bytes)
        for index in [-1, trailer.objectCount] {
            let fault = try #require(throws: PlistFault.self) {
                try bytes.withUnsafeBytes { try trailer.objectOffset(index, in: $0) }
            }
            #expect(fault.offset == trailer.offsetTableStart && fault.reason.contains("out of range"))
        }
        // The first entry of the offset table points into the table itself.
        bytes[trailer.offsetTableStart] = UInt8(truncatingIfNeeded: trailer.offsetTableStart)
        let fault = try #require(throws: PlistFault.self) {
            try bytes.withUnsafeBytes { try trailer.objectOffset(0, in: $0) }
        }
        #expect(fault.offset == trailer.offsetTableStart && fault.reason.contains("outside the object area"))
    }
}
