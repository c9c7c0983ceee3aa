import CodingCore
import Foundation
import Testing

/// The one binary property-list writer, read back by Foundation's `PropertyListSerialization`
/// and by the suite's own scanner.
@Suite("BinaryPlistWriter: binary property lists Foundation reads back")
struct BinaryPlistWriterTests {
    /// A dictionary of one object of every kind the writer makes, in `referenceSize`-byte
    /// references.
    private func everyKind(referenceSize: Int) throws -> Data {
        var plist = BinaryPlistWriter(referenceSize: referenceSize, capacity: 16)
        var keys: [Int] = []
        var values: [Int] = []
        func entry(_ key: String, _ value: Int) {
            var key = key
            keys.append(key.withUTF8 { plist.asciiString($0) })
            values.append(value)
        }
        entry("yes", plist.bool(true))
        entry("small", plist.integer(7))
        entry("wide", plist.integer(70_000))
        entry("negative", plist.integer(-5))
        entry("huge", plist.unsignedInteger(UInt64.max))
        entry("real", plist.real(2.5))
        entry("float", plist.float(1.5))
        entry("when", plist.date(123_456.5))
        entry("bytes", plist.data(Data(0..<40)))
        let text = "héllo 😀"
        let units = BinaryPlistWriter.bigEndianUnits(of: text)
        entry("text", units.withUnsafeBufferPointer { plist.utf16String(bigEndianUnits: $0) })
        let items = (0..<20).map { plist.integer(Int64($0)) }
        entry("list", plist.array(items))
        let top = plist.dictionary(keys: keys, values: values)
        let data = plist.finish(top: top)
        return try #require(data)
    }

    @Test("every kind reads back through Foundation, at each reference width", arguments: [1, 2, 4, 8])
    func foundationReadsBack(_ referenceSize: Int) throws {
        let data = try everyKind(referenceSize: referenceSize)
        let read = try #require(
            try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        #expect(read["yes"] as? Bool == true)
        #expect(read["small"] as? Int == 7)
        #expect(read["wide"] as? Int == 70_000)
        #expect(read["negative"] as? Int == -5)
        #expect(read["real"] as? Double == 2.5)
        #expect((read["float"] as? NSNumber)?.doubleValue == 1.5)
        #expect(read["when"] as? Date == Date(timeIntervalSinceReferenceDate: 123_456.5))
        #expect(read["bytes"] as? Data == Data(0..<40))
        #expect(read["text"] as? String == "héllo 😀")
        #expect((read["list"] as? [Int]) == Array(0..<20))
        #expect(data[data.count - 32 + 7] == UInt8(referenceSize))
    }

    @Test("integers and counts take the bytes CoreFoundation gives them")
    func widths() throws {
        for (value, expected) in [
            (Int64(0), [0x10, 0]), (255, [0x10, 0xFF]), (256, [0x11, 1, 0]), (65_536, [0x12, 0, 1, 0, 0]),
            (Int64(UInt32.max) + 1, [0x13, 0, 0, 0, 1, 0, 0, 0, 0]), (-1, [0x13] + Array(repeating: 0xFF, count: 8)),
        ] as [(Int64, [UInt8])] {
            var plist = BinaryPlistWriter(referenceSize: 1)
            let top = plist.integer(value)
            let written = plist.finish(top: top)
            let data = try #require(written)
            #expect(Array(data[8..<(8 + expected.count)]) == expected, "\(value)")
        }
        var plist = BinaryPlistWriter(referenceSize: 1)
        let top = plist.data(Data(count: 300))
        let written = plist.finish(top: top)
        let data = try #require(written)
        #expect(Array(data[8..<12]) == [0x4F, 0x11, 0x01, 0x2C], "a count of 300 in a 2-byte integer")
    }

    @Test("the scanner reads every object the writer wrote where the offset table says")
    func scannerReadsBack() throws {
        let bytes = Array(try everyKind(referenceSize: 2))
        let kinds = try bytes.withUnsafeBytes { raw in
            let scanner = try BinaryPlistScanner(raw)
            return try (0..<scanner.trailer.objectCount).map { index in
                "\(try scanner.object(at: try scanner.offset(ofObject: index)).object)".prefix(while: { $0 != "(" })
            }
        }
        #expect(kinds.filter { $0 == "asciiString" }.count == 11)
        #expect(kinds.last == "dictionary")
        #expect(kinds.contains("wideInteger") && kinds.contains("utf16String") && kinds.contains("date"))
    }

    @Test("an array or dictionary already written reads back with its references", arguments: [1, 2, 8])
    func containersReadBack(_ referenceSize: Int) {
        var plist = BinaryPlistWriter(referenceSize: referenceSize, capacity: 16)
        let items = (0..<20).map { plist.integer(Int64($0)) }
        let list = plist.array(items)
        var name = "name"
        let key = name.withUTF8 { plist.asciiString($0) }
        let entries = plist.dictionary(keys: [key, key], values: [list, items[3]])
        let empty = plist.array([])

        #expect(plist.writtenItems(ofArray: list) == items)
        #expect(plist.writtenItems(ofArray: empty) == [])
        let read = plist.writtenEntries(ofDictionary: entries)
        #expect(read?.keys == [key, key])
        #expect(read?.values == [list, items[3]])
        #expect(plist.writtenItems(ofArray: entries) == nil, "a dictionary is not an array")
        #expect(plist.writtenEntries(ofDictionary: list) == nil, "an array is not a dictionary")
        #expect(plist.writtenItems(ofArray: key) == nil, "a string is neither")
        #expect(plist.writtenItems(ofArray: plist.offsets.count) == nil, "no object has that reference")
    }
}
