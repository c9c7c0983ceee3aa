import ArchiveTestSupport
import Foundation
import HRCoderKit
import Testing

@Suite("Bad documents give errors that name where")
struct SafetyTests {
    struct Holder: Decodable {
        var person: Person
    }

    private func message(decoding document: String) throws -> String {
        let error = try #require(throws: (any Error).self) {
            try HRCoder.unarchive(Holder.self, from: Data(document.utf8))
        }
        return "\(error)"
    }

    @Test("an alias to a missing key path names both paths")
    func missingAliasTarget() throws {
        let text = try message(decoding: #"{"person": {"$alias": "people.3"}}"#)
        #expect(text.contains("alias at 'person' points to 'people.3', which is not a key path in this document"))
    }

    @Test("alias loops are refused")
    func aliasLoops() throws {
        let text = try message(decoding: #"{"person": {"$alias": "a"}, "a": {"$alias": "b"}, "b": {"$alias": "a"}}"#)
        #expect(text.contains("alias loop: 'person' → 'a' → 'b' → 'a'"))
        let selfLoop = try message(decoding: #"{"person": {"$alias": "person"}}"#)
        #expect(selfLoop.contains("back-reference") || selfLoop.contains("alias loop"))
    }

    @Test("an alias whose value is not a string is a type error at $alias")
    func aliasWrongType() throws {
        let text = try message(decoding: #"{"person": {"$alias": 3}}"#)
        #expect(text.contains("$alias at 'person' must be a key path string, found an integer"))
    }

    @Test("$class with a wrong type is a type error at $class")
    func classWrongType() throws {
        let text = try message(decoding: #"{"person": {"$class": ["Person"], "name": "x"}}"#)
        #expect(text.contains("$class at 'person' must be a class name string, found an array"))
    }

    @Test(
        "wrong-typed values name the key path",
        arguments: [
            (#"{"person": {"name": 5}}"#, "expected a string at 'person.name', found an integer"),
            (#"{"person": {"age": "old"}}"#, "expected an integer at 'person.age', found a string"),
            (#"{"person": {"age": 1.5}}"#, "does not fit Int"),
            (#"{"person": {"birthday": "yesterday"}}"#, "at 'person.birthday', found a string"),
            (#"{"person": {"tags": {"a": 1}}}"#, "expected an array at 'person.tags', found a dictionary"),
            (#"{"person": {"active": "yes"}}"#, "expected a boolean at 'person.active', found a string"),
            (#"{"person": "Ada"}"#, "expected a dictionary at 'person', found a string"),
            (#"{}"#, "no value for 'person' at the top level"),
        ])
    func wrongTypes(_ document: String, _ expected: String) throws {
        let text = try message(decoding: document)
        #expect(text.contains(expected), "\(text)")
    }

    @Test("a 100,000-deep JSON document is refused by the parser, not by the stack")
    func deepJSON() throws {
        let deep = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        let error = try #require(throws: HRCoderError.self) { try HRCoder.unarchive(HRValue.self, from: deep) }
        #expect(error == .nestingTooDeep(limit: 512, offset: 512))
    }

    @Test("a 100,000-deep XML plist is refused by the parser")
    func deepXML() throws {
        let deep = Data(
            ("<plist>" + String(repeating: "<array>", count: 100_000) + String(repeating: "</array>", count: 100_000)
                + "</plist>").utf8)
        let error = try #require(throws: HRCoderError.self) { try HRCoder.unarchive(HRValue.self, from: deep) }
        guard case .nestingTooDeep(limit: 512, _) = error else { Issue.record("\(error)"); return }
    }

    @Test("a deep binary plist and a reference cycle in one are refused")
    func deepBinary() throws {
        var tree = HRValue.string("bottom")
        for _ in 0..<600 { tree = .array([tree]) }
        let data = try HRCoder(outputFormat: .binary).serialize(tree)
        let error = try #require(throws: HRCoderError.self) { try HRCoder.unarchive(HRValue.self, from: data) }
        guard case .nestingTooDeep(limit: 512, _) = error else { Issue.record("\(error)"); return }
        // Within a raised limit the same document parses.
        #expect(try HRCoder(maximumDepth: 700).parse(data) == tree)

        // One array (object 0) whose single element is itself.
        var cyclic = Array("bplist00".utf8) + [0xA1, 0x00]
        let offsetTable = cyclic.count
        cyclic += [0x08]
        cyclic += [0, 0, 0, 0, 0, 0, 1, 1] + bigEndian(1) + bigEndian(0) + bigEndian(UInt64(offsetTable))
        let cycleError = try #require(throws: HRCoderError.self) {
            try HRCoder.unarchive(HRValue.self, from: Data(cyclic))
        }
        guard case .nestingTooDeep = cycleError else { Issue.record("\(cycleError)"); return }
    }

    @Test("an unrepresentable number deep in dictionaries and arrays, or at the root, is named by its full key path")
    func nonFiniteNumbers() throws {
        struct Reading: Codable { var values: [Double] }
        struct Log: Codable { var readings: [String: Reading] }
        let log = Log(readings: ["kitchen": Reading(values: [20.5, .infinity])])
        let error = try #require(throws: HRCoderError.self) { try HRCoder(outputFormat: .json).encode(log) }
        #expect(error == .unrepresentable(path: "readings.kitchen.values[1]", reason: "JSON has no spelling for inf"))
        let nanRoot = try #require(throws: HRCoderError.self) { try HRCoder(outputFormat: .json).encode(Double.nan) }
        #expect("\(nanRoot)".contains("'(top level)'"))
        let plist = try HRCoder(outputFormat: .xml).encode(log)
        #expect(try HRCoder().decode(Log.self, from: plist).readings["kitchen"]?.values.last == .infinity)
    }

    @Test("values nested deeper than maximumDepth are refused when decoding and encoding a tree")
    func deepValues() throws {
        final class Chain: Codable { var next: Chain? }
        var tree = HRValue.dictionary([:])
        for _ in 0..<100 { tree = .dictionary(["next": tree]) }
        let coder = HRCoder(maximumDepth: 50)
        let error = try #require(throws: DecodingError.self) { try coder.decode(Chain.self, fromTree: tree) }
        #expect("\(error)".contains("deeper than the limit of 50"))
        let chain = try HRCoder().decode(Chain.self, fromTree: tree)
        #expect(throws: EncodingError.self) { try coder.encodeTree(chain) }
    }

    @Test(
        "$class and $alias as a property or dictionary key are refused when encoding, naming the path; other $ keys round-trip",
        arguments: HROutputFormat.allCases)
    func reservedKeys(format: HROutputFormat) throws {
        struct Labels: Codable, Equatable { var labels: [String: String] }
        struct Tagged: Codable {
            var tag = 1
            enum CodingKeys: String, CodingKey { case tag = "$alias" }
        }
        struct Outer: Codable {
            var inner = [Tagged()]
        }
        let coder = HRCoder(outputFormat: format)
        for key in ["$class", "$alias"] {
            let error = try #require(throws: EncodingError.self) { try coder.encode(Labels(labels: [key: "x"])) }
            guard case .invalidValue(_, let context) = error else { Issue.record("\(error)"); continue }
            #expect(context.codingPath.map(\.stringValue) == ["labels", key])
            #expect(context.debugDescription.contains("the key '\(key)' is reserved"))
        }
        let error = try #require(throws: EncodingError.self) { try coder.encode(Outer()) }
        guard case .invalidValue(_, let context) = error else { Issue.record("\(error)"); return }
        #expect(context.codingPath.map(\.stringValue) == ["inner", "Index 0", "$alias"])
        let others = Labels(labels: ["$classes": "a", "$": "b", "class": "c", "$top": "d"])
        #expect(try coder.decode(Labels.self, from: try coder.encode(others)) == others)
    }

    @Test(
        "malformed documents name the offset and the problem",
        arguments: [
            ("{\"a\": }", "invalid JSON at byte 6"),
            ("[1, 2", "unexpected end of input inside an array"),
            ("{\"a\" 1}", "expected ':'"),
            ("[\"\\q\"]", "invalid escape"),
            ("[01]", "leading zeros"),
            ("[1] x", "unexpected text after the end"),
            ("<plist><dict><key>a</key></dict></plist>", "invalid XML property list"),
            ("<plist><integer>12x</integer></plist>", "is not an <integer> from Int128.min to UInt128.max"),
            ("<plist><date>yesterday</date></plist>", "is not a <date>"),
            ("<plist><data>!!!</data></plist>", "not valid base64"),
            ("<plist><string>a &bogus; b</string></plist>", "unknown entity"),
            ("<plist><array><string>x</string>", "invalid XML property list"),
            ("<plist><widget/></plist>", "unknown element <widget>"),
            ("bplist00", "too short"),
            ("hello", "neither an XML property list"),
            ("", "neither an XML property list"),
        ])
    func malformed(_ document: String, _ expected: String) throws {
        let error = try #require(throws: HRCoderError.self) {
            try HRCoder.unarchive(HRValue.self, from: Data(document.utf8))
        }
        #expect(error.description.contains(expected), "\(error)")
    }

    @Test(
        "every truncation of a valid document in each format fails cleanly or decodes",
        arguments: HROutputFormat.allCases)
    func truncations(_ format: HROutputFormat) throws {
        let people = [Person(name: "Ada", age: 36), Person(name: "Bob", age: 31)]
        people[0].bestFriend = people[1]
        people[0].birthday = Date(timeIntervalSinceReferenceDate: 0)
        let data = try HRCoder.archivedData(withRootObject: people, format: format)
        // Cutting off only the final newline leaves a complete document.
        let meaningful = data.count - data.reversed().prefix { $0 == 0x0A }.count
        var failures = 0
        for length in 0..<meaningful {
            do {
                _ = try HRCoder.unarchive([Person].self, from: data.prefix(length))
            } catch {
                failures += 1
            }
        }
        #expect(failures == meaningful)
    }

    @Test("hostile binary plists: offsets, counts and references outside the file are refused")
    func hostileBinary() throws {
        let valid = Array(try HRCoder(outputFormat: .binary).serialize(.array([.string("a"), .integer(1)])))
        let trailer = valid.count - 32
        func patched(_ index: Int, _ byte: UInt8) -> Data {
            var copy = valid
            copy[index] = byte
            return Data(copy)
        }
        let cases: [(Data, String)] = [
            (patched(trailer + 6, 0), "offset size 0"),
            (patched(trailer + 7, 9), "reference size 9"),
            (patched(trailer + 15, 200), "does not fit the file"),
            (patched(trailer + 23, 7), "top object 7"),
            (patched(trailer + 31, 0xF0), "does not fit the file"),
            (patched(8, 0xAF), "invalid count marker"),
            (patched(9, 0x09), "out of range"),
        ]
        for (data, expected) in cases {
            let error = try #require(throws: HRCoderError.self) { try HRCoder.unarchive(HRValue.self, from: data) }
            #expect(error.description.contains(expected), "\(error)")
        }
    }

    @Test("a NaN date is refused (binary plist date, NS.time in XML and JSON), not handed out to trap when printed")
    func nanDates() throws {
        struct Event: Codable { var when: Date }
        let date = try HRCoder(outputFormat: .binary).serialize(.dictionary(["when": .date(Date())]))
        var bytes = Array(date)
        let marker = try #require(bytes.firstIndex(of: 0x33))
        for index in marker + 1...marker + 8 { bytes[index] = 0xFF }
        let parseError = try #require(throws: HRCoderError.self) { try HRCoder().parse(Data(bytes)) }
        #expect(parseError.description.contains("at byte \(marker)"), "\(parseError)")
        #expect(parseError.description.contains("not a number (NaN)"))
        let xml = Data(
            """
            <plist version="1.0"><dict><key>when</key><dict><key>$class</key><string>NSDate</string>\
            <key>NS.time</key><real>nan</real></dict></dict></plist>
            """.utf8)
        #expect(throws: DecodingError.self) { try HRCoder().decode(Event.self, from: xml) }
        #expect(throws: DecodingError.self) {
            let nan = Date(timeIntervalSinceReferenceDate: .nan)
            return try HRCoder().decode(Event.self, fromTree: .dictionary(["when": .date(nan)]))
        }
        let json = Data(#"{"when": {"$class": "NSDate", "NS.time": 1e400}}"#.utf8)
        #expect(try HRCoder().decode(Event.self, from: json).when.timeIntervalSinceReferenceDate == .infinity)
    }

    @Test("a binary plist whose arrays share each other exponentially is refused, not expanded")
    func billionLaughs() throws {
        // Object 0 is a string; object k (1…40) is an array holding object k-1 twice: 2^40 leaves.
        var bytes = Array("bplist00".utf8)
        var offsets = [bytes.count]
        bytes += [0x51, UInt8(ascii: "x")]
        for level in 1...40 {
            offsets.append(bytes.count)
            bytes += [0xA2, UInt8(level - 1), UInt8(level - 1)]
        }
        let tableOffset = bytes.count
        bytes += offsets.map { UInt8($0) }
        bytes += [0, 0, 0, 0, 0, 0, 1, 1] + bigEndian(41) + bigEndian(40) + bigEndian(UInt64(tableOffset))
        let error = try #require(throws: HRCoderError.self) {
            try HRCoder.unarchive([[[String]]].self, from: Data(bytes))
        }
        #expect(error.description.contains("expands to more than"), "\(error)")
    }

    @Test("seeded byte flips in valid documents never crash", arguments: HROutputFormat.allCases)
    func byteFlips(_ format: HROutputFormat) throws {
        let home = Address(street: "1 Main St", city: "Springfield")
        let people = [Person(name: "Homer", age: 39), Person(name: "Marge", age: 36)]
        for person in people {
            person.address = home
            person.tags = ["a", "b"]
        }
        let valid = Array(try HRCoder.archivedData(withRootObject: people, format: format))
        var generator = SplitMix64(seed: 0x5EED)
        var decodedCount = 0
        for _ in 0..<2_000 {
            var bytes = valid
            for _ in 0..<3 {
                let index = Int(generator.next() % UInt64(bytes.count))
                bytes[index] = UInt8(truncatingIfNeeded: generator.next())
            }
            if (try? HRCoder.unarchive([Person].self, from: Data(bytes))) != nil { decodedCount += 1 }
            _ = try? HRCoder.unarchive(HRValue.self, from: Data(bytes))
        }
        #expect(decodedCount < 2_000)
    }

    @Test(
        "numbers that do not fit the type they are read as are refused, naming the key or index",
        arguments: HROutputFormat.allCases)
    func numbersThatDoNotFit(_ format: HROutputFormat) throws {
        #expect(try NumberFitChecks.problems(with: HRCodedFormat(format)) == [])
    }

    @Test(
        "nesting deeper than a small thread's stack holds is an error when encoding and when decoding, typed and untyped, not a crash",
        arguments: HROutputFormat.allCases)
    func smallStacks(_ format: HROutputFormat) throws {
        let problems = try StackSpaceChecks.problems(with: HRCodedFormat(format)) {
            _ = try HRCoder().objectGraph(from: $0)
        }
        #expect(problems == [])
    }
}

private func bigEndian(_ value: UInt64) -> [UInt8] {
    (0..<8).map { UInt8(truncatingIfNeeded: value >> UInt64(56 - 8 * $0)) }
}
