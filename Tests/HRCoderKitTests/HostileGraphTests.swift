import ArchiveTestSupport
import Foundation
import HRCoderKit
import Testing

/// Nested lists of any depth, read as value types.
private struct Nest: Decodable {
    var children: [Nest] = []
    init(from decoder: any Decoder) throws {
        var list = try decoder.unkeyedContainer()
        while !list.isAtEnd { children.append(try list.decode(Nest.self)) }
    }
}

/// A node of the alias bomb: `{"children": [...]}`.
private struct Pair: Decodable {
    var children: [Pair]
}

/// A link of a chain of shared instances.
private final class ChainLink: Codable {
    var next: ChainLink?
}

/// A class shared under a key that contains a dot.
private final class Shared: Codable, Equatable {
    var name = "shared"
    static func == (lhs: Shared, rhs: Shared) -> Bool { lhs.name == rhs.name }
}

/// How many values `pair` stands for, counted without recursion.
private func valueCount(_ pair: Pair) -> Int {
    var count = 0
    var pending = [pair]
    while let next = pending.popLast() {
        count += 1
        pending += next.children
    }
    return count
}

@Suite("Hostile graphs: limits hold through reused objects and aliases; text is valid Unicode")
struct HostileGraphTests {
    @Test("a binary plist reusing objects 60,000 deep is refused by every reader, and nothing crashes")
    func reuseChainTooDeep() throws {
        let data = HostileShapes.binaryPlistReuseChain(length: 60_000)
        let errors = try MainThreadStack.run { () -> [String] in
            var errors: [String] = []
            let readers: [() throws -> Void] = [
                { _ = try HRCoder().parse(data) },
                { _ = try HRCoder.object(with: data) },
                { _ = try HRCoder.unarchive([Nest].self, from: data) },
                { _ = try HRCoder.unarchive(HRValue.self, from: data) },
            ]
            for read in readers {
                do {
                    try read()
                } catch let error as HRCoderError {
                    errors.append(error.description)
                } catch {
                    errors.append("unexpected \(type(of: error))")
                }
            }
            return errors
        }
        #expect(errors.count == 4)
        #expect(errors.allSatisfy { $0.contains("deeper than the limit of 512") }, "\(errors)")
    }

    @Test("a reuse chain within the limit is compared, described and written back in every format")
    func reuseChainWithinLimit() throws {
        // 300 levels: 45,150 values in all, within the smallest expansion budget.
        let data = HostileShapes.binaryPlistReuseChain(length: 300)
        try MainThreadStack.run {
            let tree = try HRCoder().parse(data)
            #expect(!String(describing: tree).isEmpty)
            for format in HROutputFormat.allCases {
                let written = try HRCoder(outputFormat: format).serialize(tree)
                #expect(try HRCoder().parse(written) == tree)
            }
            _ = try HRCoder.unarchive([Nest].self, from: data)
        }
    }

    @Test("typed decoding counts depth through cached alias values: a 30,000-alias chain throws")
    func aliasChainTyped() throws {
        let data = HostileShapes.hrJSONAliasChain(length: 30_000)
        let error = try MainThreadStack.run { () -> String? in
            do {
                _ = try HRCoder.unarchive([Nest].self, from: data)
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(error?.contains("deeper than the limit of 512") == true, "\(error ?? "no error")")
        // The untyped reader numbers shared nodes: the same document is a flat graph.
        let graph = try HRCoder.object(with: data)
        #expect(graph.nodes.count == 30_001)
    }

    @Test("typed decoding counts depth through shared instances: a 30,000-object chain throws")
    func objectChainTyped() throws {
        let data = HostileShapes.hrJSONObjectChain(length: 30_000, className: "ChainLink")
        let error = try MainThreadStack.run { () -> String? in
            do {
                _ = try HRCoder.unarchive([ChainLink].self, from: data)
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(error?.contains("deeper than the limit of 512") == true, "\(error ?? "no error")")
        let chain = try HRCoder.unarchive(
            [ChainLink].self, from: HostileShapes.hrJSONObjectChain(length: 300, className: "ChainLink"))
        #expect(chain[299].next === chain[298])
    }

    @Test(
        "shared instances that awake or decode in two phases count toward the depth limit too",
        arguments: [HROutputFormat.json, .xml, .binary])
    func cycleAwareObjectChains(format: HROutputFormat) throws {
        let awaking = try HRCoder.archivedData(withRootObject: AwakeChainLink.chain(length: 600), format: format)
        let twoPhase = try HRCoder.archivedData(withRootObject: TwoPhaseChainLink.chain(length: 600), format: format)
        let errors = try MainThreadStack.run { () -> [String?] in
            var errors: [String?] = []
            do {
                _ = try HRCoder.unarchive([AwakeChainLink].self, from: awaking)
                errors.append(nil)
            } catch {
                errors.append("\(error)")
            }
            do {
                _ = try HRCoder.unarchive([TwoPhaseChainLink].self, from: twoPhase)
                errors.append(nil)
            } catch {
                errors.append("\(error)")
            }
            return errors
        }
        for error in errors {
            #expect(error?.contains("deeper than the limit of 512") == true, "\(error ?? "no error")")
        }
        let awake = try HRCoder.unarchive(
            [AwakeChainLink].self,
            from: HRCoder.archivedData(withRootObject: AwakeChainLink.chain(length: 300), format: format))
        #expect(awake[299].next === awake[298])
        let links = try HRCoder.unarchive(
            [TwoPhaseChainLink].self,
            from: HRCoder.archivedData(withRootObject: TwoPhaseChainLink.chain(length: 300), format: format))
        #expect(links[299].next === links[298])
    }

    @Test("an alias bomb stops at the expansion budget instead of handing back 2^60 values")
    func aliasBomb() throws {
        let data = HostileShapes.hrJSONDoublingAliases(levels: 60)
        let error = try #require(throws: DecodingError.self) { try HRCoder.unarchive([Pair].self, from: data) }
        #expect("\(error)".contains("maximumExpansion"))
        // 16 levels: about 2^18 values, beyond the default budget for 1.4 KB; a raised budget allows it.
        let trusted = HostileShapes.hrJSONDoublingAliases(levels: 16)
        #expect(throws: DecodingError.self) { try HRCoder().decode([Pair].self, from: trusted) }
        var coder = HRCoder()
        coder.maximumExpansion = 1_000
        let pairs = try coder.decode([Pair].self, from: trusted)
        #expect(valueCount(pairs[16]) == (1 << 17) - 1)
    }

    @Test("aliases to one large array of strings count every string they stand for")
    func aliasesToLargeLeafArrays() throws {
        // 2,000 strings, then 2,000 aliases to them: 4 million strings from about 40 KB.
        let strings = (0..<2_000).map { "\"s\($0)\"" }.joined(separator: ",")
        let aliases = Array(repeating: #"{"$alias":"0"}"#, count: 2_000).joined(separator: ",")
        let data = Data("[[\(strings)],\(aliases)]".utf8)
        let error = try #require(throws: DecodingError.self) { try HRCoder.unarchive([[String]].self, from: data) }
        #expect("\(error)".contains("maximumExpansion"))
    }

    @Test("a binary plist doubling 60 times is refused when parsed")
    func binaryPlistBomb() throws {
        let error = try #require(throws: HRCoderError.self) {
            try HRCoder().parse(HostileShapes.binaryPlistDoublingArrays(levels: 60))
        }
        #expect(error.description.contains("maximumExpansion"))
    }

    @Test("the untyped reader keeps a dotted key and the path through two keys apart, every time")
    func dottedKeys() throws {
        for _ in 0..<20 {
            let graph = try HRCoder.object(with: HostileShapes.jsonDottedKeys)
            guard case let .dictionary(top) = graph[graph.root],
                let dotted = top["a.b"], let outer = top["a"],
                case let .dictionary(inner) = graph[outer], let nested = inner["b"],
                case let .array(dottedItems) = graph[dotted], case let .array(nestedItems) = graph[nested]
            else {
                Issue.record("unexpected graph \(graph)")
                return
            }
            #expect(dotted != nested)
            #expect(dottedItems.map { graph[$0] } == [.scalar(.integer(2))])
            #expect(nestedItems.map { graph[$0] } == [.scalar(.integer(1))])
        }
    }

    @Test("an alias path splits at every dot: \"a.b\" names key b inside a, not the key \"a.b\"")
    func aliasKeyPathsSplitAtDots() throws {
        let document = Data(#"{"a":{"b":[1]},"a.b":[2],"c":{"$alias":"a.b"}}"#.utf8)
        let graph = try HRCoder.object(with: document)
        guard case let .dictionary(top) = graph[graph.root], let outer = top["a"],
            case let .dictionary(inner) = graph[outer]
        else {
            Issue.record("unexpected graph \(graph)")
            return
        }
        #expect(top["c"] == inner["b"])
        #expect(top["c"] != top["a.b"])
    }

    @Test("an object first met under a dotted key is never the target of an alias that would misresolve")
    func encoderSkipsDottedAliasTargets() throws {
        let shared = Shared()
        let value = ["x.y": shared, "z": shared]
        for format in HROutputFormat.allCases {
            let data = try HRCoder(outputFormat: format).encode(value)
            let decoded = try HRCoder().decode([String: Shared].self, from: data)
            #expect(decoded == value)
            let tree = try HRCoder().parse(data)
            if case let .dictionary(entries) = tree, let alias = entries["z"]?.aliasTarget {
                #expect(alias != "x.y")
            }
        }
    }

    @Test("invalid UTF-8 is an error naming the offset in every reader")
    func invalidUTF8() throws {
        let json = try #require(throws: HRCoderError.self) { try HRCoder().parse(HostileShapes.jsonInvalidUTF8) }
        #expect(json == .invalidJSON(offset: HostileShapes.invalidUTF8Offset, reason: "bytes that are not valid UTF-8"))
        let xml = HostileShapes.xmlPlistInvalidUTF8
        let xmlError = try #require(throws: HRCoderError.self) { try HRCoder().parse(xml.data) }
        #expect(xmlError == .invalidXML(offset: xml.offset, reason: "bytes that are not valid UTF-8"))
        let binary = try #require(throws: HRCoderError.self) {
            try HRCoder().parse(HostileShapes.binaryPlistInvalidUTF8)
        }
        #expect(binary == .invalidBinaryPlist(offset: 10, reason: "string bytes that are not valid UTF-8"))
        // Overlong forms, surrogates encoded in UTF-8 and truncated sequences too.
        for bad: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            let error = try #require(throws: HRCoderError.self) { try HRCoder().parse(Data([0x22] + bad + [0x22])) }
            #expect(error == .invalidJSON(offset: 1, reason: "bytes that are not valid UTF-8"))
        }
        // Around the validator's 8- and 32-byte blocks, and a document ending on a block edge.
        for length in [6, 7, 8, 30, 31, 32, 33, 63, 64, 65] {
            let text = [0x22] + Array(repeating: UInt8(ascii: "a"), count: length)
            let error = try #require(throws: HRCoderError.self) { try HRCoder().parse(Data(text + [0xFF, 0x22])) }
            #expect(error == .invalidJSON(offset: 1 + length, reason: "bytes that are not valid UTF-8"))
            #expect(try HRCoder().parse(Data(text + [0x22])) == .string(String(repeating: "a", count: length)))
        }
        // In a string with escapes, and outside strings (where no byte above 0x7F may stand).
        let escaped = try #require(throws: HRCoderError.self) {
            try HRCoder().parse(Data([0x22, 0x5C, 0x6E, 0xFF, 0x22]))
        }
        #expect(escaped == .invalidJSON(offset: 3, reason: "bytes that are not valid UTF-8"))
        let outside = try #require(throws: HRCoderError.self) {
            try HRCoder().parse(Data([0x5B, 0x31, 0x2C, 0xC3, 0xA9, 0x5D]))
        }
        guard case .invalidJSON(offset: 3, _) = outside else {
            Issue.record("expected invalid JSON at offset 3, got \(outside)")
            return
        }
        #expect(try HRCoder().parse(Data(#""é€😀""#.utf8)) == .string("é€😀"))
    }

    @Test("lone surrogates are errors naming the offset; surrogate pairs still join")
    func loneSurrogates() throws {
        let json = try #require(throws: HRCoderError.self) { try HRCoder().parse(HostileShapes.jsonLoneSurrogate) }
        guard case .invalidJSON(offset: 2, _) = json else {
            Issue.record("expected invalid JSON at offset 2, got \(json)")
            return
        }
        for text in [#"["\udc00"]"#, #"["\ud800\u0041"]"#, #"["\ud800x"]"#] {
            #expect(throws: HRCoderError.self) { try HRCoder().parse(Data(text.utf8)) }
        }
        #expect(try HRCoder().parse(Data(#"["\ud83d\ude00"]"#.utf8)) == .array([.string("😀")]))
        let xml = try #require(throws: HRCoderError.self) { try HRCoder().parse(HostileShapes.xmlPlistLoneSurrogate) }
        #expect(xml.description.contains("lone surrogate"), "\(xml)")
        let binary = try #require(throws: HRCoderError.self) {
            try HRCoder().parse(HostileShapes.binaryPlistLoneSurrogate)
        }
        #expect(binary == .invalidBinaryPlist(offset: 11, reason: "UTF-16 string with a lone surrogate"))
    }
}
