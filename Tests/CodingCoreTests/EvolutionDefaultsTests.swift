import CodingCore
import Foundation
import Testing

private struct Layout: Evolvable, Equatable {
    var columns = 2
    var margins: [Double] = [8, 12.5]
}

private final class Theme: Codable {
    var name = "light"
    var accents: [String: Int] = ["red": 1]
}

private struct Settings: Evolvable {
    var fontSize = 12
    var width: Int64 = -7
    var title: String? = "Untitled"
    var created = Date(timeIntervalSinceReferenceDate: 812_345_678.125)
    var home = URL(string: "notes/today", relativeTo: URL(string: "https://example.com/base/"))!
    var price = Decimal(string: "12345678901234567890.12345")!
    var id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    var blob = Data([0, 1, 2, 255])
    var layout = Layout()
    var theme = Theme()
    static let formerKeys = ["fontSize": ["size", "pointSize"]]
}

/// Encodes a nested container twice under one key, then a value and a nested container
/// under another: the defaults must hold both writes of each key, as Foundation's encoders do.
private struct MergedNested: Evolvable {
    enum Keys: String, CodingKey { case box, other }
    enum Inner: String, CodingKey { case a, b }
    init() {}
    init(from decoder: any Decoder) throws {}
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var first = container.nestedContainer(keyedBy: Inner.self, forKey: .box)
        try first.encode(1, forKey: .a)
        var second = container.nestedContainer(keyedBy: Inner.self, forKey: .box)
        try second.encode(2, forKey: .b)
        try container.encode(["a": 3], forKey: .other)
        var third = container.nestedContainer(keyedBy: Inner.self, forKey: .other)
        try third.encode(4, forKey: .b)
    }
}

private final class Link: Codable {
    var next: Link?
}

private struct CyclicDefaults: Evolvable {
    var head: Link
    init() {
        head = Link()
        head.next = Link()
        head.next?.next = head
    }
}

private struct DeepBox: Codable {
    var inner: [DeepBox]
    static func chain(_ depth: Int) -> DeepBox {
        var box = DeepBox(inner: [])
        for _ in 0..<depth { box = DeepBox(inner: [box]) }
        return box
    }
}

private struct DeepDefaults: Evolvable {
    var box = DeepBox.chain(ArchiveLimits.defaultMaximumDepth + 10)
}

private struct HugeDefaults: Evolvable {
    var table = [UInt8](repeating: 7, count: 1 << 21)
}

private struct SelfDecoding: Evolvable {
    var value = 1
    init() {
        // A mistaken init() that needs its own defaults: refused, not recursing forever.
        let lookup = EvolutionLookup(userInfo: [:])
        _ = try? lookup.defaults(
            for: SelfDecoding.self, missing: ArchiveCodingKey(stringValue: "value"), codingPath: [])
    }
}

private struct NotEvolvable: Codable {
    var value = 1
}

private func missingKey(_ name: String) -> ArchiveCodingKey { ArchiveCodingKey(stringValue: name) }

@Suite("Evolution defaults: what a missing key decodes from")
struct EvolutionDefaultsTests {
    private func defaults<T: Evolvable>(_ type: T.Type) throws -> TypeDefaults {
        let lookup = EvolutionLookup(userInfo: [:])
        return try #require(try lookup.defaults(for: type, missing: missingKey("x"), codingPath: []))
    }

    @Test("every default decodes back exactly as the type's init() holds it")
    func defaultsDecodeExactly() throws {
        let defaults = try defaults(Settings.self)
        let expected = Settings()
        func value<T: Decodable>(_ key: String, _ type: T.Type) throws -> T {
            let value = try #require(defaults[key])
            return try value.decode(type, codingPath: [missingKey(key)], userInfo: [:])
        }
        #expect(try value("fontSize", Int.self) == 12)
        #expect(try value("width", Int64.self) == -7)
        #expect(try value("title", String.self) == "Untitled")
        #expect(try value("created", Date.self) == expected.created)
        let home = try value("home", URL.self)
        #expect(home == expected.home)
        #expect(home.baseURL == expected.home.baseURL)
        #expect(try value("price", Decimal.self) == expected.price)
        #expect(try value("id", UUID.self) == expected.id)
        #expect(try value("blob", Data.self) == expected.blob)
        #expect(try value("layout", Layout.self) == Layout())
        let first = try value("theme", Theme.self)
        let second = try value("theme", Theme.self)
        #expect(first !== second, "each missing key gets a new instance")
        #expect(first.name == "light" && first.accents == ["red": 1])
        #expect(
            Set(defaults.keys) == [
                "fontSize", "width", "title", "created", "home", "price", "id", "blob",
                "layout", "theme",
            ])
    }

    @Test("a default's weight and height count its values and levels")
    func weightAndHeight() throws {
        let defaults = try defaults(Settings.self)
        let fontSize = try #require(defaults["fontSize"])
        #expect(fontSize.weight == 1 && fontSize.height == 1)
        let layout = try #require(defaults["layout"])
        // The keyed container, columns, the margins array and its two numbers.
        #expect(layout.weight == 5)
        #expect(layout.height == 3)
    }

    @Test("integers read with another width convert only when exact")
    func integerWidths() throws {
        let defaults = try defaults(Settings.self)
        let width = try #require(defaults["width"])
        #expect(try width.decode(Int8.self, codingPath: [], userInfo: [:]) == -7)
        #expect(throws: DecodingError.self) { try width.decode(UInt64.self, codingPath: [], userInfo: [:]) }
        #expect(throws: DecodingError.self) { try width.decode(String.self, codingPath: [], userInfo: [:]) }
    }

    @Test("a default that does not decode as the type asked names the key and the type")
    func undecodableDefaultIsNamed() throws {
        let defaults = try defaults(Settings.self)
        let title = try #require(defaults["title"])
        #expect {
            _ = try title.decode(Layout.self, codingPath: [missingKey("title")], userInfo: [:])
        } throws: { error in
            guard case let DecodingError.dataCorrupted(context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["title"]
                && context.debugDescription.contains("Settings")
                && context.debugDescription.contains("'title'")
        }
    }

    @Test("two nested containers of one key, or a value and then one, write one merged default")
    func nestedContainersMerge() throws {
        let defaults = try defaults(MergedNested.self)
        let box = try #require(defaults["box"])
        #expect(try box.decode([String: Int].self, codingPath: [], userInfo: [:]) == ["a": 1, "b": 2])
        let other = try #require(defaults["other"])
        #expect(try other.decode([String: Int].self, codingPath: [], userInfo: [:]) == ["a": 3, "b": 4])
    }

    @Test("defaults that hold a cycle, nest too deep or hold too many values are refused, naming the type")
    func hostileDefaults() throws {
        let cases: [(any Evolvable.Type, String)] = [
            (CyclicDefaults.self, "cycle"), (DeepDefaults.self, "deeper"), (HugeDefaults.self, "more than"),
            (SelfDecoding.self, "decodes"),
        ]
        for (type, reason) in cases {
            let lookup = EvolutionLookup(userInfo: [:])
            #expect {
                _ = try lookup.defaults(for: type, missing: missingKey("key"), codingPath: [missingKey("outer")])
            } throws: { error in
                guard case let DecodingError.dataCorrupted(context) = error else { return false }
                return context.codingPath.map(\.stringValue) == ["outer"]
                    && context.debugDescription.contains("\(type)")
                    && context.debugDescription.contains("'key'")
                    && context.debugDescription.contains(reason)
            }
        }
    }

    @Test("a type that does not adopt Evolvable has no defaults and no former keys")
    func notEvolvable() throws {
        let lookup = EvolutionLookup(userInfo: [:])
        #expect(try lookup.defaults(for: NotEvolvable.self, missing: missingKey("value"), codingPath: []) == nil)
        #expect(lookup.formerKeys(of: NotEvolvable.self, for: "value") == [])
        #expect(!EvolutionLookup.isEvolvable(NotEvolvable.self))
        #expect(EvolutionLookup.isEvolvable(Settings.self))
    }

    @Test("former keys are listed newest first, per key")
    func formerKeys() {
        let lookup = EvolutionLookup(userInfo: [:])
        #expect(lookup.formerKeys(of: Settings.self, for: "fontSize") == ["size", "pointSize"])
        #expect(lookup.formerKeys(of: Settings.self, for: "title") == [])
        #expect(lookup.formerKeys(of: Layout.self, for: "columns") == [])
    }

    @Test("without userInfo every decode shares one set of defaults per type; with it, each decode has its own")
    func sharing() throws {
        let first = try defaults(Layout.self)
        let second = try defaults(Layout.self)
        #expect(first === second)
        let key = CodingUserInfoKey(rawValue: "evolution.test")!
        let lookup = EvolutionLookup(userInfo: [key: 1])
        let own = try #require(try lookup.defaults(for: Layout.self, missing: missingKey("x"), codingPath: []))
        #expect(own !== first)
        #expect(try lookup.defaults(for: Layout.self, missing: missingKey("x"), codingPath: []) === own)
    }

    @Test("layering over a value takes its keys, and a value that does not encode is a clear error")
    func layering() throws {
        var base = Settings()
        base.fontSize = 30
        let defaults = try TypeDefaults.layering(over: base, userInfo: [:])
        #expect(try defaults["fontSize"]?.decode(Int.self, codingPath: [], userInfo: [:]) == 30)
        #expect {
            _ = try TypeDefaults.layering(over: CyclicDefaults(), userInfo: [:])
        } throws: { error in
            guard case let DecodingError.dataCorrupted(context) = error else { return false }
            return context.debugDescription.contains("CyclicDefaults") && context.debugDescription.contains("cycle")
        }
    }
}
