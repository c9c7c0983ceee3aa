import ArchiveTestSupport
import FastCodingKit
import Foundation
import Testing

/// A span as version 1 wrote it: `bounds` (renamed `range` later) before `name`.
private struct SpanV1: Codable {
    struct Bounds: Codable, Equatable {
        var low = 1
        var text = "one"
    }

    var bounds = Bounds()
    var name = "span"
    var steps = [1, 2]
}

/// Version 2: `range` was `bounds`, `stride` was `steps`, both asked after `name` (not the file's order).
private struct SpanV2: Evolvable {
    struct Range: Codable {
        var low = 0
    }

    var name = ""
    var range = Range()
    var stride: [Int] = []

    static let formerKeys = ["range": ["bounds"], "stride": ["steps"]]

    init() {}
}

/// Version 2 reading the renamed `bounds` with a field of another type.
private struct SpanWrongV2: Evolvable {
    struct Range: Codable {
        var text = 0
    }

    var name = ""
    var range = Range()

    static let formerKeys = ["range": ["bounds"]]

    init() {}
}

/// Version 2 reading its renamed keys by hand, through every kind of keyed look-up.
private struct SpanByHand: Evolvable {
    var hasRange = false
    var rangeIfPresent: SpanV1.Bounds?
    var isNil = true
    var text = ""
    var firstStep = 0

    static let formerKeys = ["range": ["bounds"], "stride": ["steps"]]

    private enum Keys: String, CodingKey {
        case name, range, stride
    }

    private enum BoundsKeys: String, CodingKey {
        case text
    }

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        hasRange = container.contains(.range)
        isNil = try container.decodeNil(forKey: .range)
        rangeIfPresent = try container.decodeIfPresent(SpanV1.Bounds.self, forKey: .range)
        text = try container.nestedContainer(keyedBy: BoundsKeys.self, forKey: .range).decode(
            String.self, forKey: .text)
        var steps = try container.nestedUnkeyedContainer(forKey: .stride)
        firstStep = try steps.decode(Int.self)
    }

    func encode(to encoder: any Encoder) throws {}
}

/// A window whose added properties are read through nested containers.
private struct Window: Evolvable {
    var title = "untitled"
    var frame = [0, 0, 640, 480]
    var insets = ["top": 8, "left": 4]

    private enum Keys: String, CodingKey {
        case title, frame, insets
    }

    private enum InsetKeys: String, CodingKey {
        case top, left
    }

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        title = try container.decode(String.self, forKey: .title)
        var frameList = try container.nestedUnkeyedContainer(forKey: .frame)
        frame = []
        while !frameList.isAtEnd { frame.append(try frameList.decode(Int.self)) }
        let insetValues = try container.nestedContainer(keyedBy: InsetKeys.self, forKey: .insets)
        insets = [
            "top": try insetValues.decode(Int.self, forKey: .top),
            "left": try insetValues.decode(Int.self, forKey: .left),
        ]
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(title, forKey: .title)
        try container.encode(frame, forKey: .frame)
        try container.encode(insets, forKey: .insets)
    }
}

/// A window as version 1 wrote it: a title and only one of the insets.
private struct WindowV1: Codable {
    var title = "notes"
    var insets = ["top": 2]
}

@Suite("Missing and renamed keys, however a model asks for them")
struct EvolutionKeyTests {
    @Test("renamed keys asked out of the file's order read their former names")
    func renamedOutOfOrder() throws {
        let data = try FastCoder.encode(SpanV1(bounds: .init(low: 7)))
        let span = try FastCoder.decode(SpanV2.self, from: data)
        #expect(span.name == "span")
        #expect(span.range.low == 7)
        #expect(span.stride == [1, 2])
        let error = try #require(throws: DecodingError.self) { try FastCoder.decode(SpanWrongV2.self, from: data) }
        guard case let .typeMismatch(_, context) = error else {
            Issue.record("not a type mismatch: \(error)")
            return
        }
        // The path keeps the current key, not the former name the value was found under.
        #expect(context.codingPath.map(\.stringValue) == ["range", "text"])
    }

    @Test("contains, decodeNil, decodeIfPresent and nested containers find former names")
    func renamedThroughEveryLookup() throws {
        let span = try FastCoder.decode(SpanByHand.self, from: try FastCoder.encode(SpanV1()))
        #expect(span.hasRange)
        #expect(!span.isNil)
        #expect(span.rangeIfPresent == SpanV1.Bounds())
        #expect(span.text == "one")
        #expect(span.firstStep == 1)
    }

    @Test("missing nested containers read the defaults; a nested container's own missing key does not")
    func nestedContainers() throws {
        let window = try FastCoder.decode(Window.self, from: try FastCoder.encode(["title": "notes"]))
        #expect(window.title == "notes")
        #expect(window.frame == [0, 0, 640, 480])
        #expect(window.insets == ["top": 8, "left": 4])
        // `insets` is in the file, without `left`: a nested container is not the type, whose
        // defaults are for its own keys only.
        let error = try #require(throws: DecodingError.self) {
            try FastCoder.decode(Window.self, from: try FastCoder.encode(WindowV1()))
        }
        guard case let .keyNotFound(key, context) = error else {
            Issue.record("not keyNotFound: \(error)")
            return
        }
        #expect(key.stringValue == "left")
        #expect(context.codingPath.map(\.stringValue) == ["insets"])
    }

    @Test("a default that does not decode as the type asked names the key and the type")
    func undecodableDefault() throws {
        struct Reader: Decodable {
            let size: String
        }
        struct Lenient: Evolvable {
            var size = 12
            init() {}
            init(from decoder: any Decoder) throws {
                size = Int(try Reader(from: decoder).size) ?? 0
            }
        }
        let error = try #require(throws: DecodingError.self) {
            try FastCoder.decode([Lenient].self, from: try FastCoder.encode([EvolutionNamedV1(name: "x")]))
        }
        #expect("\(error)".contains("Lenient"))
        guard case let .dataCorrupted(context) = error else {
            Issue.record("not dataCorrupted: \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["Index 0", "size"])
    }

    @Test("decodeIfPresent of a missing key stays nil, for leaves and values alike")
    func missingOptionals() throws {
        struct Optionals: Evolvable {
            var count: Int? = 3
            var tags: [String]? = ["a"]
            var layout: EvolutionLayout? = EvolutionLayout()
            init() {}
        }
        let decoded = try FastCoder.decode(Optionals.self, from: try FastCoder.encode(EvolutionNamedV1(name: "x")))
        #expect(decoded.count == nil && decoded.tags == nil && decoded.layout == nil)
    }
}
