import ArchiveTestSupport
import AutoCodingKit
import Foundation
import Testing

@Suite("Typed round trips through keyed archives")
struct RoundTripTests {
    @Test("a struct with every kind of property survives, binary and XML", arguments: KeyedArchiveOutputFormat.allCases)
    func profile(_ format: KeyedArchiveOutputFormat) throws {
        let data = try KeyedArchiver.archivedData(withRootObject: Profile.sample, outputFormat: format)
        let decoded = try KeyedUnarchiver.unarchive(Profile.self, from: data)
        #expect(decoded == Profile.sample)
        #expect(decoded.home.absoluteString == "https://example.com/dir/page.html")
        #expect(decoded.home.baseURL?.absoluteString == "https://example.com/dir/")
    }

    @Test("special types are written as their Foundation classes with NS.* keys")
    func specialTypesAreNative() throws {
        let graph = try KeyedUnarchiver.objectGraph(
            from: try KeyedArchiver.archivedData(withRootObject: Profile.sample))
        guard case .object(let rootID) = graph.root,
            case .instance(let className, let classes, let properties)? = graph[rootID]
        else {
            Issue.record("root is not an instance: \(graph.root)")
            return
        }
        #expect(className == "Profile")
        #expect(classes == ["Profile", "NSObject"])
        func property(_ name: String) -> KeyedArchiveValue? { properties.first { $0.key == name }?.value }
        #expect(property("born") == .date(Date(timeIntervalSinceReferenceDate: 123.25)))
        #expect(property("avatar") == .data(Data([0, 1, 2, 255])))
        #expect(
            property("home") == .url(relative: "page.html", base: .url(relative: "https://example.com/dir/", base: nil))
        )
        #expect(property("age") == .integer(36))
        #expect(property("nickname") == nil)
        #expect(property("mood") == .string("busy"))
        guard case .object(let idID)? = property("id"), case .instance(let uuidClass, _, let uuidFields)? = graph[idID]
        else {
            Issue.record("id is not an NSUUID")
            return
        }
        #expect(uuidClass == "NSUUID")
        #expect(uuidFields.first?.key == "NS.uuidbytes")
        guard case .object(let scoresID)? = property("scores"), case .dictionary(let entries, false)? = graph[scoresID]
        else {
            Issue.record("scores is not an NSDictionary")
            return
        }
        #expect(Set(entries.map(\.key)) == [.string("math"), .string("art")])
        guard case .object(let numbersID)? = property("byNumber"),
            case .dictionary(let numberEntries, _)? = graph[numbersID]
        else {
            Issue.record("byNumber is not an NSDictionary")
            return
        }
        #expect(Set(numberEntries.map(\.key)) == [.integer(1), .integer(20)])
        guard case .object(let flagsID)? = property("flags"), case .set(_, false)? = graph[flagsID] else {
            Issue.record("flags is not an NSSet")
            return
        }
    }

    @Test("shared instances are written once and stay shared; subclasses come back as themselves")
    func sharingAndPolymorphism() throws {
        let home = Address(city: "Springfield")
        let boss = Employee(name: "Monty", title: "Owner")
        let homer = Person(name: "Homer")
        homer.address = home
        boss.address = home
        homer.friends = [boss, boss]
        let data = try KeyedArchiver.archivedData(withRootObject: [homer, boss])
        let decoded = try KeyedUnarchiver.unarchive([Person].self, from: data)
        #expect(decoded.count == 2)
        let decodedBoss = try #require(decoded[1] as? Employee)
        #expect(decodedBoss.title == "Owner")
        #expect(decoded[0].friends[0] === decodedBoss)
        #expect(decoded[0].friends[1] === decodedBoss)
        #expect(decoded[0].address === decodedBoss.address)
        #expect(decoded[0].address?.city == "Springfield")
        let graph = try KeyedUnarchiver.objectGraph(from: data)
        let instances = graph.objects.filter { if case .instance = $0 { true } else { false } }
        #expect(instances.count == 3)
        let employee = graph.objects.first { if case .instance("Employee", _, _) = $0 { true } else { false } }
        guard case .instance(_, let classes, _)? = employee else {
            Issue.record("no Employee")
            return
        }
        #expect(classes == ["Employee", "Person", "NSObject"])
    }

    @Test("cycles decode through @Reference back-pointers", arguments: KeyedArchiveOutputFormat.allCases)
    func referenceCycles(_ format: KeyedArchiveOutputFormat) throws {
        let root = TreeNode(name: "root")
        for index in 0..<3 {
            let child = TreeNode(name: "child \(index)")
            child.parent = root
            root.children.append(child)
        }
        root.parent = root.children[1]
        let data = try KeyedArchiver.archivedData(withRootObject: root, outputFormat: format)
        let decoded = try KeyedUnarchiver.unarchive(TreeNode.self, from: data)
        #expect(decoded.children.map(\.name) == ["child 0", "child 1", "child 2"])
        #expect(decoded.children.allSatisfy { $0.parent === decoded })
        #expect(decoded.parent === decoded.children[1])
    }

    @Test("cycles decode through TwoPhaseDecodable")
    func twoPhaseCycles() throws {
        let folder = Folder()
        folder.name = "docs"
        folder.files = [File(name: "a", folder: folder), File(name: "b", folder: folder)]
        let decoded = try KeyedUnarchiver.unarchive(
            Folder.self, from: try KeyedArchiver.archivedData(withRootObject: folder))
        #expect(decoded.files.map(\.name) == ["a", "b"])
        #expect(decoded.files.allSatisfy { $0.folder === decoded })
    }

    @Test("a cycle without the contract throws the back-reference error with the path")
    func plainCycleThrows() throws {
        let first = Loop(name: "a")
        let second = Loop(name: "b")
        first.next = second
        second.next = first
        let data = try KeyedArchiver.archivedData(withRootObject: first)
        let error = try #require(throws: DecodingError.self) { try KeyedUnarchiver.unarchive(Loop.self, from: data) }
        let message = "\(error)"
        #expect(message.contains("back-reference to Loop"))
        #expect(message.contains("next.next"))
        second.next = nil
    }

    @Test("awakeAfterDecoding replaces the instance for later references")
    func awakeReplacement() throws {
        let reading = Temperature(degrees: 212, unit: "F")
        let decoded = try KeyedUnarchiver.unarchive(
            [Temperature].self, from: try KeyedArchiver.archivedData(withRootObject: [reading, reading]))
        #expect(decoded.map(\.unit) == ["C", "C"])
        #expect(decoded[0].degrees == 100)
        #expect(decoded[0] === decoded[1])
    }

    @Test(
        "optional scalars decode when present, when written as nil and when left out",
        arguments: [false, true])
    func optionalScalars(writesNils: Bool) throws {
        let full = OptionalScalars(
            text: "a long enough text to be made when read", flag: true, real: 2.5, single: -1.5, number: 42,
            small: -7, wide: UInt64.max, writesNils: writesNils)
        let empty = OptionalScalars(writesNils: writesNils)
        let partial = OptionalScalars(text: "short", number: 0, writesNils: writesNils)
        for value in [full, empty, partial] {
            let data = try KeyedArchiver.archivedData(withRootObject: value)
            #expect(try KeyedUnarchiver.unarchive(OptionalScalars.self, from: data) == value)
        }
    }

    @Test("top-level scalars, optionals and nested collections round-trip")
    func scalarsAndCollections() throws {
        #expect(try KeyedUnarchiver.unarchive(Int.self, from: try KeyedArchiver.archivedData(withRootObject: 42)) == 42)
        #expect(
            try KeyedUnarchiver.unarchive(String.self, from: try KeyedArchiver.archivedData(withRootObject: "hi"))
                == "hi")
        let optional: Int? = nil
        #expect(
            try KeyedUnarchiver.unarchive(Int?.self, from: try KeyedArchiver.archivedData(withRootObject: optional))
                == nil)
        let nested: [[String: [Int?]]] = [["a": [1, nil, 3]], [:]]
        #expect(
            try KeyedUnarchiver.unarchive(
                [[String: [Int?]]].self, from: try KeyedArchiver.archivedData(withRootObject: nested)) == nested)
        let keyedByUUID: [UUID: Double] = [UUID(): 1.5, UUID(): -2]
        #expect(
            try KeyedUnarchiver.unarchive(
                [UUID: Double].self, from: try KeyedArchiver.archivedData(withRootObject: keyedByUUID)) == keyedByUUID)
    }

    @Test(
        "nested containers, super encoders and enum payloads are NSDictionary and NSArray entries, and round-trip",
        arguments: KeyedArchiveOutputFormat.allCases)
    func nestedContainers(_ format: KeyedArchiveOutputFormat) throws {
        let value = NestingSample()
        let data = try KeyedArchiver.archivedData(withRootObject: value, outputFormat: format)
        #expect(try KeyedUnarchiver.unarchive(NestingSample.self, from: data) == value)
        let graph = try KeyedUnarchiver.objectGraph(from: data)
        let classNames = graph.objects.compactMap { object -> String? in
            guard case .instance(let className, _, _) = object else { return nil }
            return className
        }
        #expect(classNames.sorted() == ["NestingSample", "NestingSample.Shape", "NestingSample.Shape"])
        let dictionaries = graph.objects.filter {
            if case .dictionary = $0 { true } else { false }
        }
        // The box, the super encoder's values, and the payloads of the two enum cases.
        #expect(dictionaries.count == 4)
    }

    @Test(
        "an archive from before nested containers were NSDictionary entries (objects of class NestedContainer) still decodes"
    )
    func nestedContainersOfEarlierArchives() throws {
        // `NestingSample()` as this kit wrote it at c7a64eb.
        let base64 = [
            "YnBsaXN0MDBVJG51bGxWJGNsYXNzWSRhcmNoaXZlcl8QD05TS2V5ZWRBcmNoaXZlclQkdG9wVHJvb3RYJG9iamVjdHNYJHZl",
            "cnNpb25Wc2hhcGVzVmNpcmNsZSNAAAAAAAAAAFZyYWRpdXNfEA9OZXN0ZWRDb250YWluZXJYTlNPYmplY3SiAAAADAAAAA1Y",
            "JGNsYXNzZXNaJGNsYXNzbmFtZdIAAAAPAAAAEAAAAA4AAAAMgALSAAAAAQAAAAsAAAASAAAACoABXxATTmVzdGluZ1NhbXBs",
            "ZS5TaGFwZaIAAAAVAAAADdIAAAAPAAAAEAAAABYAAAAVgATSAAAAAQAAAAkAAAAYAAAAFIADVHBhaXIQAVJfMFJfMVFwgAXT",
            "AAAAAQAAAB0AAAAeAAAAEgAAABwAAAAggAbSAAAAAQAAABsAAAAYAAAAIoAHogAAABoAAAAkV05TQXJyYXmiAAAAJgAAAA3S",
            "AAAADwAAABAAAAAnAAAAJoAJWk5TLm9iamVjdHPSAAAAAQAAACoAAAApAAAAJYAIU2JveBADVXdpZHRoEARWaGVpZ2h0VGxp",
            "c3RRYYAKUWKAC1VzdXBlclpwYXJlbnROYW1lVGJhc2WADNMAAAABAAAALwAAADEAAAASAAAALgAAADCADaIAAAA0AAAANtIA",
            "AAABAAAAKgAAACkAAAA9gA7SAAAAAQAAADgAAAASAAAAOoAPXU5lc3RpbmdTYW1wbGWiAAAAQgAAAA3SAAAADwAAABAAAABD",
            "AAAAQoAR1QAAAAEAAAAIAAAALQAAADIAAAA3AAAARQAAACwAAAA8AAAAPwAAAEGAEK8QEgAAAAAAAAATAAAAEQAAABkAAAAX",
            "AAAAHwAAACEAAAAjAAAAKwAAACgAAAAzAAAANQAAADkAAAA7AAAAPgAAAEAAAABGAAAARNEAAAAFAAAARxIAAYag1AAAAAcA",
            "AAACAAAABAAAAAYAAABKAAAAAwAAAEkAAABIAAgADgAVAB8AMQA2ADsARABNAFQAWwBkAGsAfQCGAI8AmACjALQAtgDHAMkA",
            "3wDoAPkA+wEMAQ4BEwEVARgBGwEdAR8BOAE6AUsBTQFWAV4BZwF4AXoBhQGWAZgBnAGeAaQBpgGtAbIBtAG2AbgBugHAAcsB",
            "0AHSAesB7QH2AgcCCQIaAhwCKgIzAkQCRgJvAnECvALFAsoAAAAAAAACBAAAAAAAAABMAAAAAAAAAEsAAAAAAAAC6w==",
        ].joined()
        let data = try #require(Data(base64Encoded: base64))
        let graph = try KeyedUnarchiver.objectGraph(from: data)
        let classNames = graph.objects.compactMap { object -> String? in
            guard case .instance(let className, _, _) = object else { return nil }
            return className
        }
        #expect(classNames.filter { $0 == "NestedContainer" }.count == 4)
        #expect(try KeyedUnarchiver.unarchive(NestingSample.self, from: data) == NestingSample())
    }

    @Test("a Decoder kept beyond its init(from:) still reads long and short strings after the decode returned")
    func decoderKeptAfterDecode() throws {
        struct Keeper: Decodable {
            let decoder: any Decoder
            init(from decoder: any Decoder) throws { self.decoder = decoder }
        }
        struct Texts: Codable { var long: String; var short: String }
        let texts = Texts(long: String(repeating: "long text, read late. ", count: 20), short: "short")
        for format in KeyedArchiveOutputFormat.allCases {
            var data: Data? = try KeyedArchiver.archivedData(withRootObject: texts, outputFormat: format)
            let keeper = try KeyedUnarchiver.unarchive(Keeper.self, from: data!)
            data = nil
            let late = try Texts(from: keeper.decoder)
            #expect(late.long == texts.long)
            #expect(late.short == texts.short)
        }
    }

    @Test(
        "strings are told apart by their characters as stored: canonically equivalent spellings and look-alike bytes come back as written",
        arguments: KeyedArchiveOutputFormat.allCases)
    func stringsKeepTheirSpelling(_ format: KeyedArchiveOutputFormat) throws {
        // "é" precomposed and as "e" with a combining accent are equal `String`s but two
        // `NSString`s; "AB" (ASCII 0x41 0x42) and "䅂" (UTF-16 0x4142) store the same two bytes.
        let texts = [
            "caf\u{E9}", "cafe\u{301}", "AB", "\u{4142}", "caf\u{E9} au lait, s'il vous pla\u{EE}t",
            "cafe\u{301} au lait, s'il vous pla\u{EE}t",
        ]
        let data = try KeyedArchiver.archivedData(withRootObject: texts, outputFormat: format)
        let decoded = try KeyedUnarchiver.unarchive([String].self, from: data)
        #expect(decoded.map { Array($0.unicodeScalars) } == texts.map { Array($0.unicodeScalars) })
    }

    @Test("values read from one stored string share its buffer from the second read on")
    func repeatedStringsShareStorage() throws {
        // A hundred strings, more than the first 64 that the decoder tracks without allocating.
        let texts = (0..<100).map { "string \($0), long enough to be made when read" }
        let data = try KeyedArchiver.archivedData(withRootObject: texts + texts + texts)
        let decoded = try KeyedUnarchiver.unarchive([String].self, from: data)
        #expect(decoded == texts + texts + texts)
        func start(_ text: String) -> UnsafeRawPointer? {
            text.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
        }
        for index in texts.indices {
            let second = start(decoded[100 + index])
            #expect(second != nil && second == start(decoded[200 + index]), "string \(index)")
        }
    }

    @Test("the encoder and decoder carry userInfo, registry and depth settings")
    func configuration() throws {
        struct Reader: Codable {
            static let key = CodingUserInfoKey(rawValue: "flag")!
            var seen = false
            init() {}
            init(from decoder: any Decoder) throws { seen = decoder.userInfo[Self.key] as? Bool ?? false }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: ArchiveKey.self)
                try container.encode(
                    encoder.userInfo[Self.key] as? Bool ?? false, forKey: ArchiveKey(stringValue: "seen"))
            }
        }
        let data = try KeyedArchiveEncoder(userInfo: [Reader.key: true]).encode(Reader())
        #expect(try KeyedArchiveDecoder(userInfo: [Reader.key: true]).decode(Reader.self, from: data).seen)
        #expect(try !KeyedArchiveDecoder().decode(Reader.self, from: data).seen)

        let registry = ClassNameRegistry()
        registry.register(Address.self, as: "XYAddress")
        let archived = try KeyedArchiveEncoder(registry: registry).encode(Address(city: "Paris"))
        let graph = try KeyedUnarchiver.objectGraph(from: archived)
        #expect(graph.objects.contains { if case .instance("XYAddress", _, _) = $0 { true } else { false } })
        #expect(try KeyedArchiveDecoder(registry: registry).decode(Address.self, from: archived).city == "Paris")
    }
}

/// A string coding key for ad-hoc containers in tests.
struct ArchiveKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
