import ArchiveTestSupport
import AutoCodingKit
import Foundation
import Testing

/// Our archives against swift-corelibs-foundation's `NSKeyedArchiver`/`NSKeyedUnarchiver`.
///
/// Only well-formed, acyclic archives are handed to Foundation: it crashes on out-of-range UIDs
/// and recurses forever on cycles.
@Suite("Foundation's NSKeyedUnarchiver reads our archives; we read NSKeyedArchiver's")
struct FoundationPeerTests {
    static let registry: ClassNameRegistry = {
        let registry = ClassNameRegistry()
        registry.register(PeerRecord.self, as: "PeerPerson", legacyNames: ["AutoCodingKitTests.PeerPerson"])
        return registry
    }()

    private func foundationRoot(_ data: Data) throws -> Any? {
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        unarchiver.setClass(PeerPerson.self, forClassName: "PeerPerson")
        defer { unarchiver.finishDecoding() }
        return unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey)
    }

    private func foundationArchive(_ object: Any) throws -> Data {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.setClassName("PeerPerson", for: PeerPerson.self)
        archiver.encode(object, forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        return archiver.encodedData
    }

    @Test(
        "NSKeyedUnarchiver reads our Foundation kinds as NSObject graphs", arguments: KeyedArchiveOutputFormat.allCases)
    func foundationReadsCollections(_ format: KeyedArchiveOutputFormat) throws {
        let data = try KeyedArchiver.archivedData(
            withRootObject: [
                "names": ["Ada", "Bob"], "empty": [],
            ] as [String: [String]], outputFormat: format)
        let root = try #require(try foundationRoot(data) as? NSDictionary)
        #expect(root["names"] as? [String] == ["Ada", "Bob"])
        #expect((root["empty"] as? NSArray)?.count == 0)

        let dates = try foundationRoot(
            try KeyedArchiver.archivedData(withRootObject: [Date(timeIntervalSinceReferenceDate: 7)]))
        #expect((dates as? [Date]) == [Date(timeIntervalSinceReferenceDate: 7)])
        let blob = try foundationRoot(try KeyedArchiver.archivedData(withRootObject: Data([1, 2])))
        #expect(blob as? Data == Data([1, 2]))
        let numbers = try foundationRoot(try KeyedArchiver.archivedData(withRootObject: [1, -2, 3_000_000_000]))
        #expect((numbers as? [NSNumber])?.map(\.int64Value) == [1, -2, 3_000_000_000])
        let set = try foundationRoot(try KeyedArchiver.archivedData(withRootObject: Set(["p", "q"])))
        #expect((set as? NSSet)?.count == 2)
        let uuid = UUID()
        let nsuuid = try foundationRoot(try KeyedArchiver.archivedData(withRootObject: uuid))
        #expect((nsuuid as? NSUUID)?.uuidString == uuid.uuidString)
        let url = URL(string: "b/c.html", relativeTo: URL(string: "https://example.com/a/"))!
        let nsurl = try foundationRoot(try KeyedArchiver.archivedData(withRootObject: url))
        #expect((nsurl as? URL)?.absoluteString == "https://example.com/a/b/c.html")
        let text = try foundationRoot(try KeyedArchiver.archivedData(withRootObject: "héllo"))
        #expect(text as? String == "héllo")
    }

    @Test("equal strings are one $objects entry each, as in NSKeyedArchiver's archive of the same array")
    func equalStringsAreWrittenOnce() throws {
        let long = String(repeating: "a long string, stored once. ", count: 8)
        let accented = "Grüße aus Köln, nur einmal gespeichert"
        // Equal texts in separate buffers, so neither writer can tell them apart by identity.
        let texts = [long, "short", accented, long, "short", accented].map {
            String(decoding: Array($0.utf8), as: UTF8.self)
        }
        let ours = try KeyedArchiver.archivedData(withRootObject: texts)
        let theirs = try foundationArchive(NSArray(array: texts.map { NSMutableString(string: $0) }))
        func entries(_ data: Data) throws -> [Any] {
            let plist = try #require(
                try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
            return try #require(plist["$objects"] as? [Any])
        }
        let ourEntries = try entries(ours)
        let theirEntries = try entries(theirs)
        #expect(ourEntries.count == theirEntries.count)
        #expect(ourEntries.compactMap { $0 as? String }.sorted() == theirEntries.compactMap { $0 as? String }.sorted())
        #expect(ourEntries.compactMap { $0 as? String }.sorted() == ["$null", accented, long, "short"].sorted())
        #expect(try foundationRoot(ours) as? [String] == texts)
    }

    @Test("NSKeyedUnarchiver reads our class records into an NSSecureCoding class registered under the same name")
    func foundationReadsRecords() throws {
        let ada = PeerRecord(
            name: "Ada", age: 36, birthday: Date(timeIntervalSinceReferenceDate: 100), tags: ["x", "y"],
            photo: Data([1, 2, 3]))
        ada.friend = PeerRecord(
            name: "Bob", age: 40, birthday: Date(timeIntervalSinceReferenceDate: -5), tags: [], photo: Data())
        let data = try KeyedArchiveEncoder(registry: Self.registry).encode(ada)
        let person = try #require(try foundationRoot(data) as? PeerPerson)
        #expect(person.name == "Ada")
        #expect(person.age == 36)
        #expect(person.birthday == Date(timeIntervalSinceReferenceDate: 100))
        #expect(person.tags == ["x", "y"])
        #expect(person.photo == Data([1, 2, 3]))
        #expect(person.friend?.name == "Bob")
        #expect(person.friend?.age == 40)
    }

    @Test("we read NSKeyedArchiver's archive of the NSSecureCoding class into the Codable class")
    func weReadFoundationRecords() throws {
        let bob = PeerPerson(
            name: "Bob", age: 40, birthday: Date(timeIntervalSinceReferenceDate: -5), tags: ["t"], photo: Data([4]))
        let ada = PeerPerson(
            name: "Ada ☺", age: 36, birthday: Date(timeIntervalSinceReferenceDate: 100), tags: ["x", "y"],
            photo: Data([1, 2, 3]))
        ada.friend = bob
        let data = try foundationArchive([ada, bob])
        let decoded = try KeyedArchiveDecoder(registry: Self.registry).decode([PeerRecord].self, from: data)
        #expect(decoded.map(\.name) == ["Ada ☺", "Bob"])
        #expect(decoded[0].age == 36)
        #expect(decoded[0].birthday == Date(timeIntervalSinceReferenceDate: 100))
        #expect(decoded[0].tags == ["x", "y"])
        #expect(decoded[0].photo == Data([1, 2, 3]))
        #expect(decoded[0].friend === decoded[1])
    }

    @Test("NSKeyedArchiver's archive of the class decodes into an Evolvable class with a property more")
    func weReadFoundationRecordsIntoALaterVersion() throws {
        let registry = ClassNameRegistry()
        registry.register(EvolvingPeerRecord.self, as: "PeerPerson", legacyNames: ["AutoCodingKitTests.PeerPerson"])
        let bob = PeerPerson(
            name: "Bob", age: 40, birthday: Date(timeIntervalSinceReferenceDate: -5), tags: ["t"], photo: Data([4]))
        let ada = PeerPerson(
            name: "Ada", age: 36, birthday: Date(timeIntervalSinceReferenceDate: 100), tags: ["x"], photo: Data([1]))
        ada.friend = bob
        let data = try foundationArchive([ada, bob, ada])
        let decoded = try KeyedArchiveDecoder(registry: registry).decode([EvolvingPeerRecord].self, from: data)
        #expect(decoded.map(\.name) == ["Ada", "Bob", "Ada"])
        #expect(decoded.map(\.level) == [3, 3, 3])
        #expect(decoded[0].birthday == Date(timeIntervalSinceReferenceDate: 100))
        #expect(decoded[1].friend == nil)
        // Several UIDs name each object that lacks `level`: each is still one object.
        #expect(decoded[0] === decoded[2])
        #expect(decoded[0].friend === decoded[1])
    }

    @Test("keys the model no longer has are skipped, typed and untyped: a class's keys, a dictionary's entries")
    func weSkipRemovedKeys() throws {
        let registry = ClassNameRegistry()
        registry.register(TrimmedPeerRecord.self, as: "PeerPerson", legacyNames: ["AutoCodingKitTests.PeerPerson"])
        let ada = PeerPerson(
            name: "Ada", age: 36, birthday: Date(timeIntervalSinceReferenceDate: 100), tags: ["x"], photo: Data([1]))
        ada.friend = PeerPerson(name: "Bob", age: 40, birthday: Date(), tags: [], photo: Data())
        let record = try foundationArchive(ada)
        let trimmed = try KeyedArchiveDecoder(registry: registry).decode(TrimmedPeerRecord.self, from: record)
        #expect(trimmed.name == "Ada" && trimmed.nickname == "none")
        let graph = try KeyedUnarchiver.objectGraph(from: record)
        guard case .object(let id) = graph.root, case .instance(_, _, let properties)? = graph[id] else {
            Issue.record("not a PeerPerson: \(graph)")
            return
        }
        #expect(properties.map(\.key).sorted() == ["age", "birthday", "friend", "name", "photo", "tags"])

        let dictionary: NSDictionary = [
            "name": "Groceries", "obsolete": NSArray(array: [NSDictionary(dictionary: ["deep": [1, 2]])]),
            "legacyCount": 41,
        ]
        let entries = try foundationArchive(dictionary)
        let document = try KeyedUnarchiver.unarchive(EvolutionFontSizeV2.self, from: entries)
        #expect(document.name == "Groceries" && document.fontSize == 12)
        #expect(try KeyedUnarchiver.unarchive(EvolutionTrimmedV2.self, from: entries).name == "Groceries")
        #expect(try KeyedUnarchiver.objectGraph(from: entries).objects.count == 4)
    }

    @Test("we read NSKeyedArchiver's Foundation collections into Swift types")
    func weReadFoundationCollections() throws {
        let dictionary: NSDictionary = ["a": 1, "b": 2]
        #expect(
            try KeyedUnarchiver.unarchive([String: Int].self, from: try foundationArchive(dictionary)) == [
                "a": 1, "b": 2,
            ])
        let mutable = NSMutableArray(array: ["x", "y"])
        #expect(try KeyedUnarchiver.unarchive([String].self, from: try foundationArchive(mutable)) == ["x", "y"])
        let dates: NSArray = [NSDate(timeIntervalSinceReferenceDate: 3)]
        #expect(
            try KeyedUnarchiver.unarchive([Date].self, from: try foundationArchive(dates)) == [
                Date(timeIntervalSinceReferenceDate: 3)
            ])
        let set = NSSet(array: ["p", "q"])
        #expect(try KeyedUnarchiver.unarchive(Set<String>.self, from: try foundationArchive(set)) == ["p", "q"])
        let uuid = UUID()
        #expect(try KeyedUnarchiver.unarchive(UUID.self, from: try foundationArchive(uuid as NSUUID)) == uuid)
        let url = NSURL(string: "c.html", relativeTo: URL(string: "https://example.com/a/"))!
        let decodedURL = try KeyedUnarchiver.unarchive(URL.self, from: try foundationArchive(url))
        #expect(decodedURL.absoluteString == "https://example.com/a/c.html")
        let bytes = try KeyedUnarchiver.unarchive(Data.self, from: try foundationArchive(NSData(data: Data([5, 6]))))
        #expect(bytes == Data([5, 6]))
        #expect(
            try KeyedUnarchiver.unarchive(String.self, from: try foundationArchive(NSMutableString(string: "m"))) == "m"
        )
        let numbers: NSArray = [NSNumber(value: 1.5), NSNumber(value: true), NSNumber(value: Int64.min)]
        let graph = try KeyedUnarchiver.objectGraph(from: try foundationArchive(numbers))
        guard case .object(let id) = graph.root, case .array(let items, false)? = graph[id] else {
            Issue.record("not an NSArray: \(graph)")
            return
        }
        #expect(items == [.real(1.5), .bool(true), .integer(.min)])
    }
}
