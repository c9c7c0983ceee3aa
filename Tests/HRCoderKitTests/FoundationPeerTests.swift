import Foundation
import HRCoderKit
import Testing

/// HRCoder's own writers and parsers against Foundation's serialisers, in both directions.
@Suite("Foundation reads HRCoder's bytes, HRCoder reads Foundation's")
struct FoundationPeerTests {
    struct Record: Codable, Equatable {
        var name = "Ada & <Bob> ☕"
        var count = 3
        var ratio = 0.25
        var ok = true
        var tags = ["a", "b"]
        var blob = Data([1, 2, 3])
        var when = Date(timeIntervalSinceReferenceDate: 123_456_789)
        var nested = ["k": [1, 2]]
    }

    @Test("PropertyListSerialization reads HRCoder's XML and binary plists", arguments: [HROutputFormat.xml, .binary])
    func foundationReadsPlists(_ format: HROutputFormat) throws {
        let data = try HRCoder.archivedData(withRootObject: Record(), format: format)
        var detected = PropertyListSerialization.PropertyListFormat.openStep
        let object = try PropertyListSerialization.propertyList(from: data, options: [], format: &detected)
        #expect(detected == (format == .xml ? .xml : .binary))
        let root = try #require(object as? [String: Any])
        #expect(root["$class"] as? String == "FoundationPeerTests.Record")
        #expect(root["name"] as? String == "Ada & <Bob> ☕")
        #expect((root["count"] as? NSNumber)?.intValue == 3)
        #expect(root["blob"] as? Data == Data([1, 2, 3]))
        #expect((root["when"] as? Date)?.timeIntervalSinceReferenceDate == 123_456_789)
        #expect(root["tags"] as? [String] == ["a", "b"])
    }

    /// Each table width a binary plist's trailer can name: references and offsets of 1, 2 and 4
    /// bytes (70,000 distinct strings are more objects than 2 bytes can number).
    @Test("Foundation reads HRCoder's binary plists at every reference and offset width", arguments: [3, 300, 70_000])
    func foundationReadsEveryTableWidth(_ count: Int) throws {
        let texts = (0..<count).map { "s\($0)" }
        let data = try HRCoder(outputFormat: .binary).serialize(.array(texts.map(HRValue.string)))
        let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        #expect(object as? [String] == texts)
        #expect(try HRCoder.unarchive(HRValue.self, from: data) == .array(texts.map(HRValue.string)))
    }

    @Test("JSONSerialization reads HRCoder's JSON")
    func foundationReadsJSON() throws {
        let data = try HRCoder.archivedData(withRootObject: Record(), format: .json)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(root["name"] as? String == "Ada & <Bob> ☕")
        let blob = try #require(root["blob"] as? [String: Any])
        #expect(blob["$class"] as? String == "NSData" && blob["$data"] as? String == "AQID")
        let when = try #require(root["when"] as? [String: Any])
        #expect(when["$class"] as? String == "NSDate" && (when["NS.time"] as? NSNumber)?.doubleValue == 123_456_789)
    }

    @Test(
        "HRCoder decodes what PropertyListEncoder wrote (no $class at all)",
        arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func readsPropertyListEncoder(_ format: PropertyListSerialization.PropertyListFormat) throws {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format
        let data = try encoder.encode(Record())
        #expect(try HRCoder.unarchive(Record.self, from: data) == Record())
    }

    @Test("HRCoder's parsers read Foundation's binary plists to the same tree")
    func sameTreesAsFoundation() throws {
        let xml = try HRCoder.archivedData(withRootObject: Record(), format: .xml)
        let fromFoundation = try PropertyListSerialization.propertyList(from: xml, options: [], format: nil)
        let binary = try PropertyListSerialization.data(fromPropertyList: fromFoundation, format: .binary, options: 0)
        // Foundation's binary writer, read by HRCoder's binary parser.
        #expect(try HRCoder().parse(binary) == HRCoder().parse(xml))
        #expect(try HRCoder.unarchive(Record.self, from: binary) == Record())
    }
}
