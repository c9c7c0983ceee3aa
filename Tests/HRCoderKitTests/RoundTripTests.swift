import Foundation
import HRCoderKit
import Testing

/// A struct with every kind of value HRCoder handles.
struct Sample: Codable, Equatable {
    enum Mood: String, Codable { case happy, grumpy }
    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case square(side: Int)
    }
    struct Inner: Codable, Equatable {
        var label: String
        var values: [Int]
    }

    var text = "héllo <&> \"quoted\" / \\ \n\t end ☕"
    var empty = ""
    var integer = -42
    var large = Int64.max
    var small = Int64.min
    var unsigned: UInt8 = 255
    var real = 0.1
    var float: Float = 1.5
    var flag = true
    var nothing: String? = nil
    var something: String? = "here"
    var list = [1, 2, 3]
    var emptyList: [String] = []
    var nested: [[String]] = [["a"], [], ["b", "c"]]
    var table = ["one": 1, "two": 2]
    var numbered = [1: "one", 20: "twenty"]
    var tags: Set<String> = ["x", "y"]
    var mood = Mood.grumpy
    var shape = Shape.circle(radius: 2.5)
    var inner = Inner(label: "in", values: [7])
    var optionalInner: Inner? = nil
    var bytes = Data([0, 1, 2, 0xFE, 0xFF])
    var when = Date(timeIntervalSinceReferenceDate: 611_400_600)
    var link = URL(string: "https://example.com/a?b=c")!
    var relative = URL(string: "docs/readme.md", relativeTo: URL(string: "https://example.com/base/"))!
    var id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    var amount = Decimal(string: "1234.5")!
    var whole = Decimal(42)
    var optionals: [Int?] = [1, nil, 3]
}

@Suite("Round trips through XML, binary and JSON")
struct RoundTripTests {
    @Test("a struct with every supported kind of value comes back equal", arguments: HROutputFormat.allCases)
    func everyKind(_ format: HROutputFormat) throws {
        let original = Sample()
        let data = try HRCoder.archivedData(withRootObject: original, format: format)
        let decoded = try HRCoder.unarchive(Sample.self, from: data)
        #expect(decoded == original)
    }

    @Test("every format keeps a date exactly; XML writes one <date> cannot hold in its tagged form")
    func datePrecision() throws {
        let whole = Date(timeIntervalSinceReferenceDate: 611_400_600)
        let dates = [Date(timeIntervalSinceReferenceDate: 611_400_600.75), whole, .distantPast, .distantFuture]
        for format in HROutputFormat.allCases {
            let decoded = try HRCoder.unarchive(
                [Date].self, from: HRCoder.archivedData(withRootObject: dates, format: format))
            #expect(decoded == dates, "\(format)")
        }
        let xml = String(decoding: try HRCoder.archivedData(withRootObject: dates, format: .xml), as: UTF8.self)
        #expect(xml.contains("<date>2020-05-17T09:30:00Z</date>"))
        #expect(xml.components(separatedBy: "<string>NSDate</string>").count == 3)
    }

    @Test(
        "decimals of up to 15 significant digits come back exactly: written as the nearest double",
        arguments: HROutputFormat.allCases)
    func decimalPrecision(_ format: HROutputFormat) throws {
        let texts = ["123.456", "0.1", "-7.25", "0.0000000001", "3.14159265358979", "99999999999.99", "1e100"]
        let decimals = texts.map { Decimal(string: $0)! }
        let decoded = try HRCoder.unarchive(
            [Decimal].self, from: HRCoder.archivedData(withRootObject: decimals, format: format))
        #expect(decoded.map(\.description) == decimals.map(\.description))
        #expect(try HRCoder.archivedPlist(withRootObject: [decimals[0]]) == .array([.real(123.456)]))
    }

    @Test("structs are tagged with their type name, dictionaries and arrays are not")
    func structTags() throws {
        let tree = try HRCoder.archivedPlist(withRootObject: Sample())
        guard case let .dictionary(root) = tree else { Issue.record("root is \(tree)"); return }
        #expect(root["$class"] == .string("Sample"))
        #expect(root["inner"]?.className == "Sample.Inner")
        guard case let .dictionary(table)? = root["table"] else { Issue.record("table is not a dictionary"); return }
        #expect(table == ["one": .integer(1), "two": .integer(2)])
        #expect(root["numbered"] == .dictionary(["1": .string("one"), "20": .string("twenty")]))
        #expect(root["nothing"] == nil)
        #expect(root["bytes"] == .data(Data([0, 1, 2, 0xFE, 0xFF])))
        #expect(root["when"] == .date(Date(timeIntervalSinceReferenceDate: 611_400_600)))
        #expect(root["id"] == .string("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(root["amount"] == .real(1234.5))
        #expect(root["optionals"] == .array([.integer(1), .null, .integer(3)]))
    }

    @Test("JSON trees tag dates and data the way the original's JSON did")
    func jsonForms() throws {
        let tree = try HRCoder.archivedJSON(withRootObject: ["blob": Data([0, 1, 2]), "when": Data()])
        #expect(
            tree
                == .dictionary([
                    "blob": .dictionary(["$class": .string("NSData"), "$data": .string("AAEC")]),
                    "when": .dictionary(["$class": .string("NSData"), "$data": .string("")]),
                ]))
        let date = try HRCoder.archivedJSON(withRootObject: ["d": Date(timeIntervalSinceReferenceDate: 700_000_000)])
        #expect(date == .dictionary(["d": .dictionary(["$class": .string("NSDate"), "NS.time": .real(700_000_000)])]))
    }

    @Test("JSON output is deterministic: sorted keys, compact or pretty-printed")
    func deterministicJSON() throws {
        let compact = try HRCoder(outputFormat: .json, prettyPrinted: false).encode(Point())
        #expect(String(decoding: compact, as: UTF8.self) == #"{"$class":"Point","name":"a/b","x":1,"y":2}"#)
        let coder = HRCoder(outputFormat: .json)
        let pretty = try coder.encode([Point()])
        #expect(
            String(decoding: pretty, as: UTF8.self) == """
                [
                  {
                    "$class": "Point",
                    "name": "a/b",
                    "x": 1,
                    "y": 2
                  }
                ]

                """)
        #expect(try coder.encode([Point()]) == pretty)
    }

    @Test("a class instance met twice is written once and aliased by key path", arguments: HROutputFormat.allCases)
    func sharedInstances(_ format: HROutputFormat) throws {
        let home = Address(street: "1 Main St", city: "Springfield")
        let homer = Person(name: "Homer", age: 39)
        homer.address = home
        let marge = Person(name: "Marge", age: 36)
        marge.address = home
        let people = [homer, marge, homer]

        let tree = try HRCoder.archivedPlist(withRootObject: people)
        guard case let .array(items) = tree, items.count == 3, case let .dictionary(second) = items[1] else {
            Issue.record("unexpected tree \(tree)"); return
        }
        #expect(second["address"] == .dictionary(["$alias": .string("0.address")]))
        #expect(items[2] == .dictionary(["$alias": .string("0")]))

        let decoded = try HRCoder.unarchive(
            [Person].self, from: try HRCoder.archivedData(withRootObject: people, format: format))
        #expect(decoded.count == 3)
        #expect(decoded[0] === decoded[2])
        #expect(decoded[0].address === decoded[1].address)
        #expect(decoded[1].name == "Marge" && decoded[0].address?.city == "Springfield")
    }

    @Test("equal but distinct instances stay distinct")
    func equalButDistinct() throws {
        let people = [Person(name: "Twin", age: 1), Person(name: "Twin", age: 1)]
        let decoded = try HRCoder.unarchive([Person].self, from: try HRCoder.archivedData(withRootObject: people))
        #expect(decoded.count == 2)
        #expect(decoded[0] !== decoded[1])
    }

    @Test("a subclass is written with its own name and decoded as itself")
    func subclasses() throws {
        let boss = Person(name: "Walter", age: 50)
        let agent = Employee(name: "Dana", employeeId: 2317)
        agent.title = "Special Agent"
        agent.manager = boss
        let tree = try HRCoder.archivedPlist(withRootObject: [agent, boss] as [Person])
        guard case let .array(items) = tree else { Issue.record("root is not an array"); return }
        #expect(items[0].className == "Employee")
        #expect(items[1] == .dictionary(["$alias": .string("0.manager")]))
        let decoded = try HRCoder.unarchive([Person].self, from: HRCoder().serialize(tree))
        let employee = try #require(decoded[0] as? Employee)
        #expect(employee.employeeId == 2317 && employee.title == "Special Agent" && employee.name == "Dana")
        #expect(employee.manager === decoded[1])
    }

    @Test("a cyclic graph is written with an alias to the ancestor; a typed decode refuses it by path")
    func cycles() throws {
        let root = TreeNode(name: "root")
        let child = TreeNode(name: "a")
        root.add(child)
        let tree = try HRCoder.archivedPlist(withRootObject: root)
        guard case let .dictionary(entries) = tree, case let .array(children)? = entries["children"],
            case let .dictionary(first) = children[0]
        else { Issue.record("unexpected tree \(tree)"); return }
        #expect(first["parent"] == .dictionary(["$alias": .string("$root")]))
        let error = try #require(throws: DecodingError.self) { try HRCoder.unarchive(TreeNode.self, from: tree) }
        guard case let .dataCorrupted(context) = error else { Issue.record("wrong error \(error)"); return }
        #expect(
            context.debugDescription.hasPrefix("back-reference to TreeNode at the root, which is still being decoded"))
        #expect(
            context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
                == "children.0.parent")
    }

    @Test("Int dictionary keys become decimal strings; other key types use Swift's key-value array")
    func dictionaryKeys() throws {
        let byNumber = [3: "three"]
        #expect(try HRCoder.archivedPlist(withRootObject: byNumber) == .dictionary(["3": .string("three")]))
        #expect(
            try HRCoder.unarchive([Int: String].self, from: HRCoder.archivedData(withRootObject: byNumber)) == byNumber)
        let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        let byUUID = [id: 1]
        #expect(try HRCoder.archivedPlist(withRootObject: byUUID) == .array([.string(id.uuidString), .integer(1)]))
        #expect(try HRCoder.unarchive([UUID: Int].self, from: HRCoder.archivedData(withRootObject: byUUID)) == byUUID)
    }

    @Test("NaN and infinities round-trip through plists; JSON refuses them naming the key path")
    func nonFiniteNumbers() throws {
        let values = ["a": [1.5, .infinity], "b": [-.infinity, .nan]]
        for format in [HROutputFormat.xml, .binary] {
            let decoded = try HRCoder.unarchive(
                [String: [Double]].self, from: HRCoder.archivedData(withRootObject: values, format: format))
            #expect(decoded["a"] == [1.5, .infinity])
            #expect(decoded["b"]?.first == -.infinity && decoded["b"]?.last?.isNaN == true)
        }
        let error = try #require(throws: HRCoderError.self) {
            try HRCoder.archivedData(withRootObject: values, format: .json)
        }
        #expect(
            error.description.contains("cannot write the value at 'a[1]'")
                || error.description.contains("cannot write the value at 'b["))
    }

    @Test("userInfo reaches encode(to:) and init(from:)")
    func userInfo() throws {
        struct Scaled: Codable {
            static let factor = CodingUserInfoKey(rawValue: "factor")!
            var value: Int
            init(value: Int) { self.value = value }
            init(from decoder: any Decoder) throws {
                let factor = decoder.userInfo[Self.factor] as? Int ?? 1
                value = try decoder.singleValueContainer().decode(Int.self) / factor
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(value * (encoder.userInfo[Self.factor] as? Int ?? 1))
            }
        }
        var coder = HRCoder()
        coder.userInfo[Scaled.factor] = 10
        let tree = try coder.encodeTree([Scaled(value: 4)])
        #expect(tree == .array([.integer(40)]))
        #expect(try coder.decode([Scaled].self, fromTree: tree).map(\.value) == [4])
    }

    @Test("a nil root is written as null (NSNull in plists); scalar roots are bare values")
    func roots() throws {
        #expect(try HRCoder.archivedPlist(withRootObject: String?.none) == .null)
        #expect(try HRCoder.archivedPlist(withRootObject: "hello") == .string("hello"))
        let xml = String(decoding: try HRCoder.archivedData(withRootObject: "hello"), as: UTF8.self)
        #expect(xml.contains("<plist version=\"1.0\">\n<string>hello</string>\n</plist>"))
        #expect(
            try HRCoder.unarchive(String.self, from: HRCoder.archivedData(withRootObject: "hello", format: .json))
                == "hello")
    }
}

/// A private type: archives name it `Point`, without the build-specific context of its file.
private struct Point: Codable { var y = 2; var x = 1; var name = "a/b" }
