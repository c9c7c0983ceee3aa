import CodingCore
import Foundation
import Testing

/// The one reader of the XML property-list grammar, against Foundation's own XML and
/// hand-written documents, valid and not.
@Suite("XMLPlistReader: an XML property list, event by event")
struct XMLPlistReaderTests {
    /// Every event of `xml` as text, each with the depth the reader reports after it.
    private func events(_ xml: String) throws(PlistFault) -> [String] {
        var bytes = Array(xml.utf8)
        return try bytes.withUnsafeMutableBufferPointer { buffer throws(PlistFault) in
            var reader = try XMLPlistReader(UnsafeBufferPointer(buffer))
            var events: [String] = []
            while let event = try reader.next() {
                events.append("\(Self.describe(event))@\(reader.depth)")
            }
            return events
        }
    }

    private static func describe(_ event: XMLPlistEvent) -> String {
        switch event {
        case .arrayStart: "["
        case .dictionaryStart: "{"
        case .key(let key): "key \(key)"
        case .end: "end"
        case .string(let text): "string \(text)"
        case .bool(let flag): "bool \(flag)"
        case .integer(let text): "integer \(text)"
        case .real(let value): "real \(value)"
        case .date(let seconds): "date \(seconds)"
        case .data(let bytes): "data \(Array(bytes))"
        }
    }

    private func fault(_ xml: String) throws -> PlistFault {
        try #require(throws: PlistFault.self) { try events(xml) }
    }

    @Test("Foundation's XML reads as the values it wrote, in order, with their depth")
    func foundationDocument() throws {
        let value: [String: Any] = [
            "a": "x < y", "b": [7, true, 2.5, Data([1, 2]), Date(timeIntervalSinceReferenceDate: 60)] as [Any],
            "c": [String: Any](),
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: value, format: .xml, options: 0)
        #expect(
            try events(String(decoding: data, as: UTF8.self)) == [
                "{@1", "key a@1", "string x < y@1", "key b@1", "[@2", "integer 7@2", "bool true@2", "real 2.5@2",
                "data [1, 2]@2", "date 60.0@2", "end@1", "key c@1", "{@2", "end@1", "end@0",
            ])
    }

    @Test("a value without the <plist> wrapper, blanks around scalars, and empty elements")
    func unwrappedAndEmpty() throws {
        #expect(try events("<integer> 0x1F </integer>") == ["integer 0x1F@0"])
        #expect(
            try events("<array><string/><false/><array/></array>") == [
                "[@1", "string @1", "bool false@1", "[@2", "end@1", "end@0",
            ])
        #expect(try events("<plist><real> -inf </real></plist>") == ["real -inf@0"])
    }

    @Test("integers are read alike by every kit: decimal, or hexadecimal after 0x or 0X")
    func integers() {
        #expect(XMLPlistScalars.integer("-42") == -42)
        #expect(XMLPlistScalars.integer("0xFF") == 255)
        #expect(XMLPlistScalars.integer("0Xff") == 255)
        #expect(XMLPlistScalars.integer("18446744073709551615") == nil)
        #expect(XMLPlistScalars.unsignedInteger("18446744073709551615") == .max)
        #expect(XMLPlistScalars.unsignedInteger("0xFFFFFFFFFFFFFFFF") == .max)
        #expect(XMLPlistScalars.unsignedInteger("42") == nil)
        #expect(XMLPlistScalars.integer("12x") == nil && XMLPlistScalars.unsignedInteger("12x") == nil)
    }

    @Test(
        "faults name the tag where the grammar breaks",
        arguments: [
            ("<plist/>", 0, "an empty <plist/> holds no value"),
            ("<plist><dict><key>a</key></dict></plist>", 25, "<key> without a value at the end of a <dict>"),
            ("<plist><dict><string>x</string></dict></plist>", 13, "a <string> in a <dict> without a <key>"),
            ("<array><key>a</key></array>", 7, "<key> outside a <dict> or after another <key>"),
            ("<array></dict>", 7, "</dict> closes an <array>"),
            ("<dict></array>", 6, "</array> closes a <dict>"),
            ("</array>", 0, "unexpected </array>"),
            ("<plist><string>x</string><string>y</string>", 25, "expected </plist>"),
            ("<string>x</string><string>y</string>", 18, "unexpected content after the end of the property list"),
            ("<widget/>", 0, "unknown element <widget>"),
            ("<true>yes</true>", 0, "<true> holds text"),
            ("<real>ten</real>", 0, "'ten' is not a <real>"),
            ("<date>yesterday</date>", 0, "'yesterday' is not a <date> (YYYY-MM-DDTHH:MM:SSZ)"),
            ("<data>!!!</data>", 0, "<data> is not valid base64"),
            ("<array><string>x</string>", 25, "unexpected end of input; expected an element"),
        ])
    func faults(_ xml: String, _ offset: Int, _ reason: String) throws {
        #expect(try fault(xml) == PlistFault(offset: offset, reason: reason))
    }
}
