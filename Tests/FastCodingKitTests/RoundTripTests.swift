import FastCodingKit
import Foundation
import Testing

private struct Profile: Codable, Equatable {
    enum Role: String, Codable { case admin, member }
    enum Contact: Codable, Equatable {
        case email(String)
        case phone(country: Int, number: String)
        case none
    }

    var id: UUID
    var name: String
    var nickname: String?
    var age: Int?
    var score: Double
    var ratio: Float
    var active: Bool
    var role: Role
    var contacts: [Contact]
    var tags: Set<String>
    var counts: [String: Int]
    var byNumber: [Int: String]
    var matrix: [[Int]]
    var avatar: Data
    var joined: Date
    var homepage: URL?
    var balance: Decimal
    var small: UInt8
    var big: UInt64
    var negative: Int64
}

private func sampleProfile(nickname: String? = "Ada") -> Profile {
    Profile(
        id: UUID(), name: "Ada Lovelace", nickname: nickname, age: nil, score: 0.1, ratio: 1.5, active: true,
        role: .admin,
        contacts: [.email("ada@example.com"), .phone(country: 44, number: "020 7946 0000"), .none],
        tags: ["math", "poetry"], counts: ["a": 1, "b": -70_000], byNumber: [7: "seven", -1: "minus one"],
        matrix: [[1, 2], [], [3]], avatar: Data([0, 1, 2, 255]), joined: Date(timeIntervalSinceReferenceDate: 12345.5),
        homepage: URL(string: "https://example.com/ada?x=1"), balance: Decimal(string: "-1234.5678")!,
        small: 200, big: UInt64(Int64.max), negative: -9_000_000_000)
}

final class Node: Codable {
    var name: String
    var next: Node?
    var friends: [Node]

    init(name: String, next: Node? = nil, friends: [Node] = []) {
        self.name = name
        self.next = next
        self.friends = friends
    }
}

@Suite("Codable round trips")
struct RoundTripTests {
    @Test("a struct with every supported kind of property survives a round trip")
    func everyKind() throws {
        let profiles = [sampleProfile(), sampleProfile(nickname: nil)]
        let data = try FastCoder.encode(profiles)
        #expect(try FastCoder.decode([Profile].self, from: data) == profiles)
        // One class definition for Profile, keys in declaration order, nil optionals as Nil.
        let tree = try FastCoder.object(with: data)
        guard case let .reference(root) = tree, case let .array(items, false) = root.content,
            case let .reference(first) = items[0], case let .object(className, properties) = first.content,
            case let .reference(second) = items[1], case let .object(_, secondProperties) = second.content
        else {
            Issue.record("unexpected tree \(tree)"); return
        }
        #expect(className == "Profile")
        #expect(
            properties.map(\.name) == [
                "id", "name", "nickname", "age", "score", "ratio", "active", "role", "contacts", "tags",
                "counts", "byNumber", "matrix", "avatar", "joined", "homepage", "balance", "small", "big", "negative",
            ])
        #expect(secondProperties.map(\.name) == properties.map(\.name))
        guard case .absent = secondProperties[2].value, case .absent = properties[3].value else {
            Issue.record("nil optionals must be written as Nil"); return
        }
    }

    @Test("the same class instance is written once and aliased, and comes back shared")
    func identity() throws {
        let shared = Node(name: "shared")
        let root = [Node(name: "a", next: shared), Node(name: "b", next: shared), shared]
        let data = try FastCoder.encode(root)
        let decoded = try FastCoder.decode([Node].self, from: data)
        #expect(decoded[0].next === decoded[1].next)
        #expect(decoded[2] === decoded[0].next)
        // On the wire: the Node class is defined once.
        #expect(data.withUnsafeBytes { $0.load(fromByteOffset: 12, as: UInt32.self) } == 1)
    }

    @Test("a cyclic graph can be written; reading it into init(from:) throws the back-reference error")
    func cycles() throws {
        let a = Node(name: "a")
        let b = Node(name: "b", next: a)
        a.next = b
        a.friends = [a]
        let data = try FastCoder.encode(a)
        defer { a.next = nil; a.friends = [] }
        let tree = try FastCoder.object(with: data)
        guard case let .reference(node) = tree, case let .object(_, properties) = node.content,
            case let .reference(next) = properties[1].value, case let .object(_, nextProperties) = next.content,
            case let .reference(back) = nextProperties[1].value
        else {
            Issue.record("unexpected tree"); return
        }
        #expect(back === node)
        // The tree's nodes hold each other (see FastReference): break the cycle, so a leak checker stays quiet.
        node.content = .mutableString("")
        let error = try #require(throws: DecodingError.self) { try FastCoder.decode(Node.self, from: data) }
        guard case let .dataCorrupted(context) = error else { Issue.record("\(error)"); return }
        #expect(
            context.debugDescription.hasPrefix("back-reference to Node at 'object 0', which is still being decoded"))
        #expect(context.codingPath.map(\.stringValue) == ["next", "next"])
    }

    @Test("an instance with extra keys widens the class definition (old keys, then new ones)")
    func varyingKeys() throws {
        struct Flexible: Codable, Equatable {
            var values: [String: Int]
            init(_ values: [String: Int]) { self.values = values }
            struct Key: CodingKey {
                var stringValue: String
                var intValue: Int? { nil }
                init(stringValue: String) { self.stringValue = stringValue }
                init?(intValue: Int) { nil }
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                for key in values.keys.sorted() { try container.encode(values[key], forKey: Key(stringValue: key)) }
            }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Key.self)
                var values: [String: Int] = [:]
                for key in container.allKeys {
                    if let value = try container.decodeIfPresent(Int.self, forKey: key) {
                        values[key.stringValue] = value
                    }
                }
                self.values = values
            }
        }
        let list = [Flexible(["a": 1, "c": 3]), Flexible(["b": 2, "c": 4]), Flexible(["a": 5])]
        let data = try FastCoder.encode(list)
        #expect(try FastCoder.decode([Flexible].self, from: data) == list)
        guard case let .reference(root) = try FastCoder.object(with: data), case let .array(items, _) = root.content
        else {
            Issue.record("not an array"); return
        }
        let keyLists = items.compactMap { item -> [String]? in
            guard case let .reference(node) = item, case let .object(_, properties) = node.content else { return nil }
            return properties.map(\.name)
        }
        #expect(keyLists == [["a", "c"], ["a", "c", "b"], ["a", "c", "b"]])
        #expect(data.withUnsafeBytes { $0.load(fromByteOffset: 12, as: UInt32.self) } == 2)
    }

    @Test("a FastValue tree round-trips through bytes with its shared nodes")
    func treeRoundTrip() throws {
        let shared = FastReference(.array([.string("x")], mutable: true))
        let tree = FastValue.reference(
            FastReference(
                .dictionary(
                    [
                        FastEntry(key: .string("one"), value: .reference(shared)),
                        FastEntry(key: .string("two"), value: .reference(shared)),
                        FastEntry(
                            key: .integer(3),
                            value: .url(relative: "a/b", base: .url(relative: "https://example.com/", base: nil))),
                        FastEntry(key: .string("point"), value: .structValue(.point(x: 1, y: 2))),
                        FastEntry(key: .string("decimal"), value: .decimal(Decimal(string: "1.5")!)),
                        FastEntry(
                            key: .string("index"),
                            value: .reference(
                                FastReference(.indexSet([FastIndexRange(location: 2, length: 3)], mutable: false)))),
                    ], mutable: false)))
        let data = try FastCoder.data(with: tree)
        let read = try FastCoder.object(with: data)
        #expect(try FastCoder.data(with: read) == data)
        guard case let .reference(root) = read, case let .dictionary(entries, false) = root.content,
            case let .reference(one) = entries[0].value, case let .reference(two) = entries[1].value,
            case let .decimal(decimal) = entries[4].value
        else {
            Issue.record("unexpected tree"); return
        }
        #expect(one === two)
        #expect(decimal == Decimal(string: "1.5")!)
        #expect(entries[2].value.foundationURL?.absoluteString == "https://example.com/a/b")
    }

    @Test("every NSValue struct chunk, at every alignment, is read, written back and skipped exactly")
    func structChunksAtEveryAlignment() throws {
        final class Holder: Decodable {
            let prefix: String
            let label: String
        }
        let geometries: [FastStructValue] = [
            .point(x: 1, y: -2), .size(width: 3, height: 4), .vector(dx: 5, dy: 6),
            .rect(x: 7, y: 8, width: 9, height: 10), .range(location: 11, length: 12),
            .affineTransform([1, 2, 3, 4, 5, 6]), .transform3D((1...16).map(Double.init)),
        ]
        // As a root (type byte at offset 20): padded to 8 (4 for a range) except the
        // AffineTransform, whose doubles follow the type byte directly, as the original wrote them.
        let rootSizes = try geometries.map { try FastCoder.data(with: .structValue($0)).count }
        #expect(rootSizes == [40, 40, 40, 56, 32, 69, 152])

        // A prefix of 0–7 bytes moves each struct chunk to every offset modulo 8.
        var holders: [FastReference] = []
        for (kind, geometry) in geometries.enumerated() {
            for shift in 0..<8 {
                holders.append(
                    FastReference(
                        .object(
                            className: "Holder",
                            properties: [
                                FastProperty("prefix", .string(String(repeating: "p", count: shift))),
                                FastProperty("geometry", .structValue(geometry)),
                                FastProperty("label", .string("\(kind)-\(shift)")),
                            ])))
            }
        }
        // The trailing alias only resolves to the right holder if every struct took its object slot.
        let items = holders.map(FastValue.reference) + [.reference(holders[29])]
        let data = try FastCoder.data(with: .reference(FastReference(.array(items, mutable: true))))

        let read = try FastCoder.object(with: data)
        #expect(try FastCoder.data(with: read) == data)
        guard case let .reference(root) = read, case let .array(readItems, true) = root.content else {
            Issue.record("not a mutable array"); return
        }
        let readGeometries = readItems.dropLast().compactMap { item -> FastStructValue? in
            guard case let .reference(node) = item, case let .object(_, properties) = node.content,
                case let .structValue(geometry) = properties[1].value
            else { return nil }
            return geometry
        }
        #expect(readGeometries == geometries.flatMap { Array(repeating: $0, count: 8) })

        let registry = ClassNameRegistry()
        registry.register(Holder.self, as: "Holder")
        let decoded = try FastDecoder(registry: registry).decode([Holder].self, from: data)
        #expect(decoded.count == holders.count + 1)
        #expect(decoded.map(\.label).prefix(9) == ["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "0-7", "1-0"])
        #expect(decoded[holders.count] === decoded[29])
        #expect(decoded[29].label == "3-5" && decoded[29].prefix == "ppppp")
    }

    @Test("properties asked out of wire order, or asked twice, are found again")
    func outOfOrderKeys() throws {
        struct Written: Encodable {
            var first: String
            var second: [String]
            var third: Int
        }
        struct Read: Decodable, Equatable {
            var first: String
            var second: [String]
            var third: Int
            var again: String
            private enum CodingKeys: String, CodingKey { case first, second, third }
            init(first: String, second: [String], third: Int, again: String) {
                (self.first, self.second, self.third, self.again) = (first, second, third, again)
            }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                #expect(try !container.decodeNil(forKey: .first))
                third = try container.decode(Int.self, forKey: .third)
                second = try container.decode([String].self, forKey: .second)
                first = try container.decode(String.self, forKey: .first)
                again = try container.decode(String.self, forKey: .first)
            }
        }
        let data = try FastCoder.encode([
            Written(first: "a", second: ["b", "a"], third: 3), Written(first: "a", second: [], third: 4),
        ])
        #expect(
            try FastCoder.decode([Read].self, from: data) == [
                Read(first: "a", second: ["b", "a"], third: 3, again: "a"),
                Read(first: "a", second: [], third: 4, again: "a"),
            ])
    }

    @Test("URLs and strings share one string-cache numbering, so aliases after URLs stay right")
    func urlsAndStrings() throws {
        struct Link: Codable, Equatable {
            var title: String
            var url: URL
        }
        let a = try #require(URL(string: "https://example.com/a"))
        let b = try #require(URL(string: "https://example.com/b"))
        let links = [
            Link(title: "x", url: a), Link(title: "y", url: b), Link(title: "x", url: a),
            Link(title: "https://example.com/a", url: b),
        ]
        let data = try FastCoder.encode(links)
        #expect(try FastCoder.decode([Link].self, from: data) == links)
        #expect(try FastCoder.data(with: try FastCoder.object(with: data)) == data)
        // 6 slots: "x", "https://example.com/a", URL a, "y", "https://example.com/b", URL b; the rest are aliases.
        #expect(data.withUnsafeBytes { $0.load(fromByteOffset: 16, as: UInt32.self) } == 6)
    }

    @Test(
        "archives of every size round-trip, across the output buffer's growth and cut to size",
        arguments: [0, 1, 1_000, 5_000, 70_000])
    func archiveSizes(count: Int) throws {
        // Distinct strings, so each takes room: from a few bytes to well past the first 1 MiB buffer.
        let strings = (0..<count).map { "string number \($0), written once" }
        let data = try FastCoder.encode(strings)
        #expect(try FastCoder.decode([String].self, from: data) == strings)
        let repeated = try FastCoder.encode(strings + strings)
        #expect(try FastCoder.decode([String].self, from: repeated) == strings + strings)
        #expect(repeated.count <= data.count + 8 * count)  // the repeats are aliases (at most 8 bytes)
    }

    @Test("values the format cannot hold are refused with an EncodingError")
    func refusals() throws {
        #expect(throws: EncodingError.self) { try FastCoder.encode(["a\u{0}b"]) }
        #expect(throws: EncodingError.self) { try FastCoder.data(with: .string("nul\u{0}")) }
    }

    @Test("a refused value's error names its key or index: properties, array items, dictionary entries, nested objects")
    func refusalPaths() {
        struct Named: Codable { var name = "ok"; var note = "a\u{0}b" }
        struct Wide: Codable { var counts = ["1", "2\u{0}"]; var single = "" }
        struct Outer: Codable {
            var names = ["ok", "x\u{0}"]
            var items: [Named] = []
            var wide: [Wide] = []
        }
        #expect(refusalPath { try FastCoder.encode(Named()) } == "note")
        #expect(refusalPath { try FastCoder.encode(Outer()) } == "names/Index 1")
        #expect(
            refusalPath { try FastCoder.encode(Outer(names: [], items: [Named(note: "fine"), Named()])) }
                == "items/Index 1/note")
        #expect(refusalPath { try FastCoder.encode(Outer(names: [], wide: [Wide()])) } == "wide/Index 0/counts/Index 1")
        #expect(
            refusalPath { try FastCoder.encode(Outer(names: [], wide: [Wide(counts: [], single: "\u{0}")])) }
                == "wide/Index 0/single")
        #expect(refusalPath { try FastCoder.encode(["key": "nul\u{0}"]) } == "key")
        #expect(refusalPath { try FastCoder.encode(["key": ["ok", "nul\u{0}"]]) } == "key/Index 1")
    }

    @Test(
        "a U+0000 anywhere in a string of any length is refused; strings without one round-trip and dedupe",
        arguments: 1...24)
    func nulInStringsOfEveryLength(length: Int) throws {
        let plain = String((0..<length).map { Character(UnicodeScalar(UInt8(0x61 + $0 % 26))) })
        let data = try FastCoder.encode([plain, plain + "!", plain])
        #expect(try FastCoder.decode([String].self, from: data) == [plain, plain + "!", plain])
        #expect(data.count < (try FastCoder.encode([plain, plain + "!", plain + "?"])).count)  // the repeat is an alias
        for position in 0..<length {
            var bytes = Array(plain.utf8)
            bytes[position] = 0
            #expect(throws: EncodingError.self) { try FastCoder.encode([String(decoding: bytes, as: UTF8.self)]) }
        }
    }

    @Test("the format value sniffs headers and round-trips through files")
    func format() throws {
        let format: FastCodingFormat = .fastCoding
        #expect(format.identifier == "fastcoding")
        #expect(format.fileExtension == "fast")
        let data = try format.encode(["x": 1])
        #expect(format.recognizes(data))
        #expect(!format.recognizes(Data("TSAX".utf8)))
        #expect(!format.recognizes(Data([0x54, 0x53, 0x41, 0x46, 4, 0])))
        #expect(try format.decode([String: Int].self, from: data) == ["x": 1])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fastcoding-\(UUID().uuidString).fast")
        defer { try? FileManager.default.removeItem(at: url) }
        try format.write(sampleProfile(), to: url)
        #expect(try format.read(Profile.self, from: url).name == "Ada Lovelace")
    }
}

/// The coding path of the `EncodingError` that `encode` throws, joined with "/".
private func refusalPath(_ encode: () throws -> Data) -> String {
    do {
        _ = try encode()
        return "no error"
    } catch EncodingError.invalidValue(_, let context) {
        return context.codingPath.map(\.stringValue).joined(separator: "/")
    } catch {
        return "\(error)"
    }
}
