import CodingCore
import Foundation
import Testing

/// The one XML property-list writer, read back by Foundation's `PropertyListSerialization`.
@Suite("XMLPlistWriter: Apple's XML layout, read back by Foundation")
struct XMLPlistWriterTests {
    @Test("every element reads back through Foundation, text escaped")
    func foundationReadsBack() throws {
        var writer = XMLPlistWriter()
        writer.startDictionary(indent: 0)
        writer.key("text & <tags>", indent: 1)
        writer.string("a < b && c > d, then plain text past eight bytes", indent: 1)
        writer.key("number", indent: 1)
        writer.integer("-42", indent: 1)
        writer.key("reals", indent: 1)
        writer.startArray(indent: 1)
        for number in [2.5, -.infinity, .infinity] { writer.real(number, indent: 2) }
        writer.endArray(indent: 1)
        writer.key("flag", indent: 1)
        writer.bool(false, indent: 1)
        writer.key("when", indent: 1)
        writer.date(86_400, indent: 1)
        writer.key("bytes", indent: 1)
        writer.data(Data([0, 1, 2, 0xFF]), indent: 1)
        writer.key("empty", indent: 1)
        writer.startArray(indent: 1, isEmpty: true)
        writer.endDictionary(indent: 0)
        let data = writer.finish()

        let read = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        #expect(read["text & <tags>"] as? String == "a < b && c > d, then plain text past eight bytes")
        #expect(read["number"] as? Int == -42)
        #expect(read["reals"] as? [Double] == [2.5, -.infinity, .infinity])
        #expect(read["flag"] as? Bool == false)
        #expect(read["when"] as? Date == Date(timeIntervalSinceReferenceDate: 86_400))
        #expect(read["bytes"] as? Data == Data([0, 1, 2, 0xFF]))
        #expect((read["empty"] as? [Any])?.isEmpty == true)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\t<data>\n\tAAEC/w==\n\t</data>\n"), "base64 on a line of its own, as Apple writes")
        #expect(text.hasSuffix("</dict>\n</plist>\n"))
    }

    @Test("a NaN real is written as nan")
    func notANumber() throws {
        var writer = XMLPlistWriter()
        writer.real(.nan, indent: 0)
        #expect(String(decoding: writer.finish(), as: UTF8.self).contains("<real>nan</real>"))
    }
}
