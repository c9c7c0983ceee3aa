import ArchiveTestSupport
import AutoCodingKit
import Foundation
import Testing

@Suite("Hostile keyed archives give errors that name where")
struct SafetyTests {
    typealias H = HostileArchives

    struct Holder: Codable {
        var name: String
        var items: [Int]
    }

    /// Decodes lists of lists to any depth.
    struct Deep: Decodable {
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            while !container.isAtEnd { _ = try container.decode(Deep.self) }
        }
    }

    private func graphError(_ data: Data) throws -> KeyedArchiveError {
        try #require(throws: KeyedArchiveError.self) { try KeyedUnarchiver.objectGraph(from: data) }
    }

    @Test("100,000-deep nesting through UIDs is refused by the depth limit, untyped and typed")
    func deepNesting() throws {
        let data = H.nestedArrays(depth: 100_000)
        #expect(try graphError(data) == .nestingTooDeep(limit: 512, place: "$objects[513].NS.objects[0]"))
        let error = try #require(throws: DecodingError.self) { try KeyedUnarchiver.unarchive(Deep.self, from: data) }
        #expect("\(error)".contains("deeper than the limit of 512"))
        // Within a raised limit a shallower archive reads (on a stack large enough for it).
        let shallow = H.nestedArrays(depth: 600)
        #expect(throws: KeyedArchiveError.self) { try KeyedUnarchiver.objectGraph(from: shallow) }
        let count = try LargeStack.run {
            try KeyedUnarchiver.objectGraph(from: shallow, maximumDepth: 700).objects.count
        }
        #expect(count == 600)
        try LargeStack.run { _ = try KeyedArchiveDecoder(maximumDepth: 700).decode(Deep.self, from: shallow) }
    }

    @Test("lists shared by UIDs stop at the expansion budget when decoded as values, not after 10^8 items")
    func sharedListsExpansion() throws {
        let bomb = H.sharedArrays(levels: 8, fanOut: 10)
        #expect(try KeyedUnarchiver.objectGraph(from: bomb).objects.count == 8)
        let error = try #require(throws: DecodingError.self) { try KeyedUnarchiver.unarchive(Deep.self, from: bomb) }
        #expect("\(error)".contains("expands to more than 65536 values"), "\(error)")
        // 20 + 20^2 + 20^3 + 20^4 items: past the default budget, within a raised one.
        let wide = H.sharedArrays(levels: 5, fanOut: 20)
        #expect(throws: DecodingError.self) { try KeyedUnarchiver.unarchive(Deep.self, from: wide) }
        var trusting = KeyedArchiveDecoder()
        trusting.maximumExpansion = 1_000
        _ = try trusting.decode(Deep.self, from: wide)
    }

    @Test("a deep binary archive written by our own writer is refused the same way")
    func deepBinary() throws {
        let xml = H.nestedArrays(depth: 600)
        let binary = try LargeStack.run {
            try KeyedArchiver.archivedData(
                with: try KeyedUnarchiver.objectGraph(from: xml, maximumDepth: 700), maximumDepth: 700)
        }
        #expect(binary.starts(with: Array("bplist00".utf8)))
        guard case .nestingTooDeep(limit: 512, _) = try graphError(binary) else {
            Issue.record("not a depth error")
            return
        }
    }

    @Test("cycles in the object table: objects with identity are kept, values that contain themselves are refused")
    func cycles() throws {
        // An NSMutableArray that holds itself: representable.
        let selfArray = H.archive(objects: [
            "<dict><key>$class</key>\(H.uid(2))<key>NS.objects</key><array>\(H.uid(1))</array></dict>",
            H.classDescription("NSMutableArray"),
        ])
        let graph = try KeyedUnarchiver.objectGraph(from: selfArray)
        #expect(graph.objects == [.array([.object(KeyedObjectID(0))], mutable: true)])
        // Typed, the same archive nests without end: the depth limit stops it.
        let error = try #require(throws: DecodingError.self) {
            try KeyedUnarchiver.unarchive(Deep.self, from: selfArray)
        }
        #expect("\(error)".contains("deeper than the limit"))
        // An NSString whose NS.string is itself, and a URL that is its own base.
        let selfString = H.archive(objects: [
            "<dict><key>$class</key>\(H.uid(2))<key>NS.string</key>\(H.uid(1))</dict>", H.classDescription("NSString"),
        ])
        #expect(try graphError(selfString) == .referenceCycle(uid: 1))
        let selfURL = H.archive(objects: [
            H.object(H.field("NS.base", H.uid(1)) + H.field("NS.relative", "<string>a</string>")),
            H.classDescription("NSURL"),
        ])
        #expect(try graphError(selfURL) == .referenceCycle(uid: 1))
        #expect(throws: DecodingError.self) { try KeyedUnarchiver.unarchive(URL.self, from: selfURL) }
        // A class description that is its own $class: not a class description.
        let selfClass = H.archive(objects: ["<dict><key>$class</key>\(H.uid(1))</dict>"])
        #expect(throws: KeyedArchiveError.self) { try KeyedUnarchiver.objectGraph(from: selfClass) }
    }

    @Test("UIDs out of range name the UID, the table size and where they were found")
    func uidOutOfRange() throws {
        let data = H.archive(objects: [
            "<dict><key>$class</key>\(H.uid(2))<key>name</key>\(H.uid(9))<key>items</key>\(H.uid(3))</dict>",
            H.classDescription("Holder"),
            "<dict><key>$class</key>\(H.uid(4))<key>NS.objects</key><array>\(H.uid(77))</array></dict>",
            H.classDescription("NSArray"),
        ])
        #expect(try graphError(data) == .uidOutOfRange(uid: 9, count: 5, place: "$objects[1].name"))
        let typed = try #require(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver.unarchive(Holder.self, from: data)
        }
        #expect(typed == .uidOutOfRange(uid: 9, count: 5, place: "'name'"))
        let root = H.archive(objects: [], root: 5)
        #expect(try graphError(root) == .uidOutOfRange(uid: 5, count: 1, place: "$top.root"))
        let classUID = H.archive(objects: ["<dict><key>$class</key>\(H.uid(40))</dict>"])
        #expect(try graphError(classUID) == .uidOutOfRange(uid: 40, count: 2, place: "$objects[1].$class"))
    }

    static let brokenHeaders: [(Data, String)] = {
        let archiver = HostileArchives.field("$archiver", "<string>NSKeyedArchiver</string>")
        let version = HostileArchives.field("$version", "<integer>100000</integer>")
        let objects = HostileArchives.field("$objects", "<array><string>x</string></array>")
        return [
            (HostileArchives.archive(objects: [], top: ""), "no '$top' dictionary"),
            (HostileArchives.archive(objects: [], top: "<key>$top</key><dict></dict>"), "'$top' has no 'root' key"),
            (HostileArchives.archive(objects: [], archiver: "Other"), "not NSKeyedArchiver"),
            (Data("<plist><dict>\(archiver)</dict></plist>".utf8), "'$version'"),
            (Data("<plist><array/></plist>".utf8), "not a dictionary"),
            (Data("<plist><dict>\(archiver)\(version)\(objects)</dict></plist>".utf8), "does not start with '$null'"),
        ]
    }()

    @Test("a missing or broken archive header is named", arguments: brokenHeaders)
    func brokenHeader(_ data: Data, _ expected: String) throws {
        let error = try graphError(data)
        #expect(error.description.contains(expected), "\(error)")
        #expect(throws: KeyedArchiveError.self) { try KeyedUnarchiver.unarchive(Holder.self, from: data) }
    }

    static let wrongTypedObjects: [(String, String)] = {
        typealias H = HostileArchives
        let name = H.field("name", "<string>a</string>")
        return [
            ("<string>x</string>", "expected Holder at the top level, found a string"),
            (
                H.object(H.field("name", "<integer>5</integer>") + H.field("items", H.uid(0))),
                "expected String at 'name', found an integer"
            ),
            (H.object(name + H.field("items", "<string>b</string>")), "expected Array<Int> at 'items', found a string"),
            (H.object(name), "no value for 'items'"),
            (H.object(name + H.field("items", H.uid(0))), "found nil"),
        ]
    }()

    @Test("wrong-typed objects give a type error with the coding path", arguments: wrongTypedObjects)
    func wrongTypes(_ object: String, _ expected: String) throws {
        let data = H.archive(objects: [object, H.classDescription("Holder")])
        let error = try #require(throws: DecodingError.self) { try KeyedUnarchiver.unarchive(Holder.self, from: data) }
        #expect("\(error)".contains(expected), "\(error)")
    }

    @Test("malformed Foundation objects are named by their UID")
    func malformedFoundationObjects() throws {
        let badArray = H.archive(objects: [
            "<dict><key>$class</key>\(H.uid(2))<key>NS.objects</key><string>x</string></dict>",
            H.classDescription("NSArray"),
        ])
        #expect(try graphError(badArray) == .malformedObject(uid: 1, reason: "NS.objects is a string, not an array"))
        let badDictionary = H.archive(objects: [
            H.object(H.field("NS.keys", "<array>\(H.uid(0))</array>") + H.field("NS.objects", "<array/>")),
            H.classDescription("NSDictionary"),
        ])
        #expect(try graphError(badDictionary).description.contains("1 keys but NS.objects 0 values"))
        let badClass = H.archive(objects: ["<dict><key>$class</key><string>NSArray</string></dict>"])
        #expect(try graphError(badClass) == .malformedObject(uid: 1, reason: "'$class' is a string, not a UID"))
    }

    @Test("an NSDate whose NS.time is NaN is refused, untyped and typed")
    func notANumberDate() throws {
        let data = H.archive(objects: [H.object(H.field("NS.time", "<real>nan</real>")), H.classDescription("NSDate")])
        #expect(try graphError(data) == .malformedObject(uid: 1, reason: "NS.time is NaN, not a point in time"))
        let error = try #require(throws: DecodingError.self) { try KeyedUnarchiver.unarchive(Date.self, from: data) }
        #expect("\(error)".contains("NS.time is NaN"), "\(error)")
        let finite = H.archive(objects: [
            H.object(H.field("NS.time", "<real>12.5</real>")), H.classDescription("NSDate"),
        ])
        #expect(try KeyedUnarchiver.unarchive(Date.self, from: finite) == Date(timeIntervalSinceReferenceDate: 12.5))
    }

    @Test("every truncation of a valid archive fails cleanly", arguments: KeyedArchiveOutputFormat.allCases)
    func truncations(_ format: KeyedArchiveOutputFormat) throws {
        let data = try KeyedArchiver.archivedData(
            withRootObject: Holder(name: "Ada", items: [1, 2]), outputFormat: format)
        let meaningful = data.count - data.reversed().prefix { $0 == 0x0A }.count
        var failures = 0
        for length in 0..<meaningful {
            do {
                _ = try KeyedUnarchiver.unarchive(Holder.self, from: data.prefix(length))
            } catch {
                failures += 1
            }
        }
        #expect(failures == meaningful)
    }

    @Test("seeded byte flips in valid archives never crash", arguments: KeyedArchiveOutputFormat.allCases)
    func byteFlips(_ format: KeyedArchiveOutputFormat) throws {
        let root = TreeNode(name: "root")
        let child = TreeNode(name: "child")
        child.parent = root
        root.children = [child, child]
        let valid = Array(try KeyedArchiver.archivedData(withRootObject: [Profile.sample], outputFormat: format))
        let graph = Array(try KeyedArchiver.archivedData(withRootObject: root, outputFormat: format))
        var generator = SplitMix64(seed: 0xC0DE)
        for sample in [valid, graph] {
            for _ in 0..<1_000 {
                var bytes = sample
                for _ in 0..<3 {
                    let index = Int(generator.next() % UInt64(bytes.count))
                    bytes[index] = UInt8(truncatingIfNeeded: generator.next())
                }
                _ = try? KeyedUnarchiver.unarchive([Profile].self, from: Data(bytes))
                _ = try? KeyedUnarchiver.unarchive(TreeNode.self, from: Data(bytes))
                if let tree = try? KeyedUnarchiver.objectGraph(from: Data(bytes)) {
                    _ = try? KeyedArchiver.archivedData(with: tree)
                }
            }
        }
    }

    @Test("values nested deeper than maximumDepth are refused when encoding")
    func deepEncoding() throws {
        final class Chain: Codable { var next: Chain? }
        let head = Chain()
        var tail = head
        for _ in 0..<100 {
            let next = Chain()
            tail.next = next
            tail = next
        }
        let error = try #require(throws: EncodingError.self) { try KeyedArchiveEncoder(maximumDepth: 50).encode(head) }
        #expect("\(error)".contains("limit of 50"))
        _ = try KeyedArchiveEncoder().encode(head)
    }

    @Test(
        "a property named $class is refused when encoding, naming its path; a dictionary key $class round-trips",
        arguments: KeyedArchiveOutputFormat.allCases)
    func reservedClassKey(format: KeyedArchiveOutputFormat) throws {
        struct Tagged: Codable {
            var tag = 1
            enum CodingKeys: String, CodingKey { case tag = "$class" }
        }
        struct Outer: Codable { var inner = ["first": Tagged()] }
        struct Labels: Codable, Equatable { var labels: [String: String] }
        let encoder = KeyedArchiveEncoder(outputFormat: format)
        let error = try #require(throws: EncodingError.self) { try encoder.encode(Outer()) }
        guard case .invalidValue(_, let context) = error else { Issue.record("\(error)"); return }
        #expect(context.codingPath.map(\.stringValue) == ["inner", "first", "$class"])
        #expect(context.debugDescription.contains("the key '$class' is reserved"))
        let labels = Labels(labels: ["$class": "NSArray", "$classes": "x", "NS.keys": "y", "$top": "z"])
        #expect(try KeyedArchiveDecoder().decode(Labels.self, from: try encoder.encode(labels)) == labels)
    }

    @Test(
        "numbers that do not fit the type they are read as are refused, naming the key or index",
        arguments: KeyedArchiveOutputFormat.allCases)
    func numbersThatDoNotFit(_ format: KeyedArchiveOutputFormat) throws {
        #expect(try NumberFitChecks.problems(with: format == .xml ? .keyedArchiveXML : .keyedArchive) == [])
    }

    @Test(
        "nesting deeper than a small thread's stack holds is an error when encoding and when decoding, typed and untyped, not a crash",
        arguments: KeyedArchiveOutputFormat.allCases)
    func smallStacks(_ format: KeyedArchiveOutputFormat) throws {
        let problems = try StackSpaceChecks.problems(with: format == .xml ? .keyedArchiveXML : .keyedArchive) {
            _ = try KeyedUnarchiver.objectGraph(from: $0)
        }
        #expect(problems == [])
    }
}
