import CodingCore
import Foundation
import Testing

/// The one scanner of XML property lists' tags and texts, against Foundation's own XML and
/// hand-written documents, valid and not.
@Suite("XMLPlistScanner: the tags and texts of an XML property list")
struct XMLPlistScannerTests {
    /// Every tag of `xml` (`<name>`, `</name>`, `<name/>`) and, after a scalar's start tag, its
    /// text in brackets.
    private func events(_ xml: String) throws(PlistFault) -> [String] {
        try events(Array(xml.utf8))
    }

    private func events(_ bytes: [UInt8]) throws(PlistFault) -> [String] {
        var bytes = bytes
        return try bytes.withUnsafeMutableBufferPointer { buffer throws(PlistFault) in
            var scanner = try XMLPlistScanner(UnsafeBufferPointer(buffer))
            var events: [String] = []
            var depth = 0
            repeat {
                let tag = try scanner.nextTag()
                let name = scanner.name(of: tag)
                if tag.isClosing {
                    events.append("</\(name)>")
                    depth -= 1
                } else if tag.isEmpty {
                    events.append("<\(name)/>")
                } else if [.string, .key, .integer, .real, .date, .data].contains(tag.element) {
                    events.append("<\(name)>[\(try scanner.text(of: tag))]")
                } else {
                    events.append("<\(name)>")
                    depth += 1
                }
            } while depth > 0
            try scanner.expectEnd()
            return events
        }
    }

    private func fault(_ xml: [UInt8]) throws -> PlistFault {
        try #require(throws: PlistFault.self) { try events(xml) }
    }

    @Test("Foundation's XML reads as the tags and texts it wrote")
    func foundationDocument() throws {
        let value: [String: Any] = ["a": "x < y & z", "b": [1, true] as [Any]]
        let data = try PropertyListSerialization.data(fromPropertyList: value, format: .xml, options: 0)
        #expect(
            try events(String(decoding: data, as: UTF8.self)) == [
                "<plist>", "<dict>", "<key>[a]", "<string>[x < y & z]", "<key>[b]", "<array>", "<integer>[1]",
                "<true/>", "</array>", "</dict>", "</plist>",
            ])
    }

    @Test("declarations, comments, references, CDATA and NUL padding")
    func syntax() throws {
        let xml = """
            \u{FEFF}<?xml version="1.0"?>
            <!DOCTYPE plist [ <!ENTITY x "y"> ]>
            <!-- before --><array a='>'>
            <string>a&amp;b&#x41;&#66;<![CDATA[<c>]]>d<!-- inside -->e</string >
            </array>\0\0
            """
        #expect(try events(xml) == ["<array>", "<string>[a&bAB<c>de]", "</array>"])
    }

    @Test(
        "faults name the byte where the document goes wrong",
        arguments: [
            (
                Array("<string>ab\u{FF}</string>".utf8).replacing([0xC3, 0xBF], with: [0xFF]), 10,
                "bytes that are not valid UTF-8"
            ),
            (Array("<string>&#xD800;</string>".utf8), 8, "'&#xD800;' is a lone surrogate, not a character"),
            (Array("<string>&nope;</string>".utf8), 8, "unknown entity '&nope;'"),
            (Array("<!-- open".utf8), 0, "unterminated comment"),
            (Array("<string>a<b/></string>".utf8), 9, "<string> holds an element; expected text and </string>"),
            (Array("<array></array> x".utf8), 16, "unexpected content after the end of the property list"),
            (Array("<string>abc".utf8), 0, "unterminated <string>"),
            (Array("text".utf8), 0, "unexpected text between elements"),
        ] as [([UInt8], Int, String)])
    func faults(_ xml: [UInt8], _ offset: Int, _ reason: String) throws {
        #expect(try fault(xml) == PlistFault(offset: offset, reason: reason))
    }

    @Test("lines are counted for messages, and XML is told from other bytes")
    func linesAndSniffing() throws {
        Array("<a>\n<b>\n".utf8).withUnsafeBufferPointer { bytes in
            #expect(XMLPlistScanner.line(at: 0, in: bytes) == 1)
            #expect(XMLPlistScanner.line(at: 4, in: bytes) == 2)
            #expect(XMLPlistScanner.line(at: 100, in: bytes) == 3)
        }
        #expect(XMLPlistScanner.looksLikeXML(UnsafeRawBufferPointer(start: nil, count: 0)) == false)
        for (text, isXML) in [("\u{FEFF}  <plist>", true), (" \n<a/>", true), ("bplist00", false), ("{}", false)] {
            #expect(Array(text.utf8).withUnsafeBytes { XMLPlistScanner.looksLikeXML($0) } == isXML, "\(text)")
        }
    }

    @Test("scalar texts read alike in every kit")
    func scalars() {
        #expect(XMLPlistScalars.trimmed("  7\n") == "7")
        #expect(XMLPlistScalars.real("-INF") == -.infinity)
        #expect(XMLPlistScalars.real("0x1p-2") == 0.25)
        #expect(XMLPlistScalars.real("seven") == nil)
        #expect(XMLPlistScalars.data("AAEC\n  /w==") == Data([0, 1, 2, 0xFF]))
        #expect(XMLPlistScalars.data("not base64!") == nil)
    }

    @Test("an empty element's text is empty and reads nothing past its tag")
    func emptyElementText() throws {
        var bytes = Array("<array><string/><string>x</string></array>".utf8)
        let texts = try bytes.withUnsafeMutableBufferPointer { buffer throws(PlistFault) in
            var scanner = try XMLPlistScanner(UnsafeBufferPointer(buffer))
            _ = try scanner.nextTag()
            let empty = try scanner.text(of: try scanner.nextTag())
            let full = try scanner.text(of: try scanner.nextTag())
            let end = try scanner.nextTag()
            return [empty, full, end.isClosing ? scanner.name(of: end) : "?"]
        }
        #expect(texts == ["", "x", "array"])
    }

    @Test("tag names are known by their bytes, near misses are unknown")
    func elements() {
        func element(_ name: String) -> XMLPlistElement {
            Array(name.utf8).withUnsafeBufferPointer { XMLPlistElement(name: $0) }
        }
        let known: [XMLPlistElement] = [
            .plist, .key, .array, .dict, .string, .integer, .real, .date, .data, .true, .false,
        ]
        for expected in known {
            #expect(element("\(expected.name)") == expected)
        }
        for name in [
            "", "k", "kez", "keys", "Dict", "dicx", "dat", "datum", "daté", "reel", "plisT", "integers", "ffalse",
        ] {
            #expect(element(name) == .unknown, "<\(name)>")
        }
    }
}
