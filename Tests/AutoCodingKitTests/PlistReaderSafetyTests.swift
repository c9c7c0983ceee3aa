import ArchiveTestSupport
import AutoCodingKit
import Foundation
import Testing

/// HRCoderKit's hostile-input tests, ported to the keyed reader's own property-list layer.
@Suite("Hostile property lists are refused with an error that names where")
struct PlistReaderSafetyTests {
    private func error(_ bytes: [UInt8]) throws -> KeyedArchiveError {
        try #require(throws: KeyedArchiveError.self) { try KeyedUnarchiver.objectGraph(from: Data(bytes)) }
    }

    /// `["a", 1]`: array, string, integer.
    static let valid = RawBinaryPlist.bytes([[0xA2, 1, 2], [0x51, UInt8(ascii: "a")], [0x10, 1]])

    @Test("the valid sample parses as far as the archive check")
    func validSample() throws {
        let error = try error(Self.valid)
        #expect(error == .notAKeyedArchive(reason: "the top of the property list is an array, not a dictionary"))
    }

    @Test(
        "trailer fields, offsets, counts and references outside the file are refused",
        arguments: [
            (6, UInt8(0), "offset size 0"),
            (7, 9, "reference size 9"),
            (15, 200, "does not fit the file"),
            (23, 7, "top object 7"),
            (31, 0xF0, "does not fit the file"),
        ] as [(Int, UInt8, String)])
    func hostileTrailer(_ trailerIndex: Int, _ byte: UInt8, _ expected: String) throws {
        var bytes = Self.valid
        bytes[bytes.count - 32 + trailerIndex] = byte
        let error = try error(bytes)
        #expect(error.description.contains(expected), "\(error)")
    }

    @Test(
        "bad markers, counts and references inside objects are refused",
        arguments: [
            (8, UInt8(0xAF), "invalid count marker"),
            (9, 0x09, "out of range"),
            (8, 0xAE, "runs past the object area"),
            (11, 0x5F, "invalid count marker"),
            (8, 0xF0, "unknown type byte"),
            (13, 0x17, "not supported"),
        ] as [(Int, UInt8, String)])
    func hostileObjects(_ index: Int, _ byte: UInt8, _ expected: String) throws {
        var bytes = Self.valid
        bytes[index] = byte
        let error = try error(bytes)
        #expect(error.description.contains(expected), "\(error)")
    }

    @Test("an offset-table entry outside the object area is refused")
    func offsetOutsideFile() throws {
        var bytes = Self.valid
        let table = bytes.count - 32 - 3
        bytes[table + 1] = UInt8(bytes.count)
        #expect(try error(bytes).description.contains("outside the object area"))
    }

    @Test("a huge count needs the bytes to be there")
    func hugeCount() throws {
        // An array claiming 2^62 elements through an 8-byte count.
        let bytes = RawBinaryPlist.bytes([[0xAF, 0x13, 0x40, 0, 0, 0, 0, 0, 0, 0]])
        #expect(try error(bytes).description.contains("cannot fit"))
    }

    @Test("objects sharing their bytes through the offset table cannot multiply the payload")
    func overlappingObjects() throws {
        // 200 offset-table entries all pointing at the same 100-byte string: the payload budget stops it.
        var bytes = Array("bplist00".utf8)
        bytes += [0x5F, 0x10, 100] + Array(repeating: UInt8(ascii: "x"), count: 100)
        let table = bytes.count
        bytes += Array(repeating: UInt8(8), count: 200)
        bytes +=
            [0, 0, 0, 0, 0, 0, 1, 1] + RawBinaryPlist.bigEndian(200) + RawBinaryPlist.bigEndian(0)
            + RawBinaryPlist.bigEndian(UInt64(table))
        #expect(try error(bytes).description.contains("objects overlap"))
    }

    @Test("an array that holds itself is representable in the table, and the archive layer refuses it")
    func selfContainingArray() throws {
        let bytes = RawBinaryPlist.bytes([[0xA1, 0x00]])
        #expect(try error(bytes).description.contains("not a dictionary"))
    }

    @Test("a dictionary key that is not a string is refused")
    func nonStringKey() throws {
        let bytes = RawBinaryPlist.bytes([[0xD1, 1, 1], [0x10, 1]])
        #expect(try error(bytes).description.contains("not a string"))
    }

    @Test("a date whose seconds are NaN is refused where it stands (Foundation traps printing one)")
    func notANumberDate() throws {
        let bytes = RawBinaryPlist.bytes([[0x33] + RawBinaryPlist.bigEndian(Double.nan.bitPattern)])
        #expect(try error(bytes).description.contains("date whose seconds are not a number (NaN)"))
        #expect(try error(bytes).description.contains("8"), "names the offset of the date object")
    }

    @Test("lone UTF-16 surrogates and non-ASCII bytes in ASCII strings are refused")
    func badStrings() throws {
        #expect(
            try error(RawBinaryPlist.bytes([[0x61, 0xD8, 0x00]])).description.contains(
                "UTF-16 string with a lone surrogate"))
        #expect(try error(RawBinaryPlist.bytes([[0x51, 0xC3]])).description.contains("non-ASCII"))
    }

    @Test("an ASCII string of any length is refused for a high byte at any position, read eight bytes at a time")
    func highByteAnywhere() throws {
        for length in 1...40 {
            let header: [UInt8] = length < 15 ? [0x50 | UInt8(length)] : [0x5F, 0x10, UInt8(length)]
            let text = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            #expect(
                try error(RawBinaryPlist.bytes([header + text]))
                    == .notAKeyedArchive(reason: "the top of the property list is a string, not a dictionary"))
            for position in 0..<length {
                var bytes = text
                bytes[position] = 0x80
                #expect(
                    try error(RawBinaryPlist.bytes([header + bytes]))
                        == .malformedBinaryPlist(offset: 8, reason: "ASCII string holds a non-ASCII byte"),
                    "length \(length), position \(position)")
            }
        }
    }

    @Test("a 100,000-deep XML plist is refused by the parser, not by the stack")
    func deepXML() throws {
        let deep =
            "<plist>" + String(repeating: "<array>", count: 100_000)
            + String(repeating: "</array>", count: 100_000) + "</plist>"
        let error = try error(Array(deep.utf8))
        #expect(error == .nestingTooDeep(limit: 512, place: "XML line 1"))
    }

    @Test(
        "malformed XML plists name the line and the problem",
        arguments: [
            ("<plist><dict><key>a</key></dict></plist>", "<key> without a value"),
            ("<plist><integer>12x</integer></plist>", "is not a 64-bit <integer>"),
            ("<plist><date>yesterday</date></plist>", "is not a <date>"),
            ("<plist><data>!!!</data></plist>", "not valid base64"),
            ("<plist><string>a &bogus; b</string></plist>", "unknown entity"),
            ("<plist><array><string>x</string>", "unexpected end of input"),
            ("<plist>\n<widget/></plist>", "line 2: unknown element <widget>"),
            ("<plist><array></dict></plist>", "</dict> closes an <array>"),
            ("<plist><dict><string>x</string></dict></plist>", "without a <key>"),
            ("<plist><string>x</string></plist> trailing", "unexpected content after the end"),
            ("bplist00", "too short"),
            ("hello", "neither a binary property list"),
            ("", "neither a binary property list"),
        ])
    func malformedXML(_ document: String, _ expected: String) throws {
        let error = try error(Array(document.utf8))
        #expect(error.description.contains(expected), "\(error)")
    }

    @Test("XML UIDs, entities, dates and integer widths are read as CoreFoundation reads them")
    func xmlDetails() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
            <key>$archiver</key><string>NSKeyedArchiver</string>
            <key>$objects</key><array><string>$null</string>
            <dict><key>$class</key><dict><key>CF$UID</key><integer>2</integer></dict>
            <key>when</key><date>2001-01-02T00:00:01Z</date><key>text</key><string>a &amp; b &#x263A;</string>
            <key>big</key><integer>18446744073709551615</integer><key>neg</key><integer>-5</integer>
            <key>empty</key><string/></dict>
            <dict><key>$classname</key><string>Thing</string><key>$classes</key><array><string>Thing</string>
            <string>NSObject</string></array></dict></array>
            <key>$top</key><dict><key>root</key><dict><key>CF$UID</key><integer>1</integer></dict></dict>
            <key>$version</key><integer>100000</integer></dict></plist>
            """
        let graph = try KeyedUnarchiver.objectGraph(from: Data(xml.utf8))
        #expect(graph.root == .object(KeyedObjectID(0)))
        #expect(
            graph.objects == [
                .instance(
                    className: "Thing", classes: ["Thing", "NSObject"],
                    properties: [
                        KeyedArchiveProperty("when", .date(Date(timeIntervalSinceReferenceDate: 86_401))),
                        KeyedArchiveProperty("text", .string("a & b ☺")),
                        KeyedArchiveProperty("big", .unsignedInteger(.max)),
                        KeyedArchiveProperty("neg", .integer(-5)),
                        KeyedArchiveProperty("empty", .string("")),
                    ])
            ])
    }
}
