import FastCodingKit
import Foundation
import Testing

/// The decoder matches keys against class definitions by their bits once a position has been
/// matched by name, and rebuilds coding paths (as the caller's own key types) only when asked.
@Suite("Decoder keys and coding paths")
struct DecoderKeyTests {
    private struct Leaf: Codable, Equatable {
        var value: Int
        var label = "leaf"
    }

    private struct Holder: Codable, Equatable {
        var name = "holder"
        var items: [Leaf] = []
        var map: [String: Leaf] = [:]
    }

    /// `Leaf` with `value` read as an object, so any written `Int` mismatches in the value's own frame.
    private struct TextLeaf: Decodable {
        var value: Boxed
    }

    private struct Boxed: Decodable {
        var inner: Int
    }

    private struct TextHolder: Decodable {
        var name: String
        var items: [TextLeaf]
        var map: [String: TextLeaf]
    }

    /// `Leaf` read in the reverse of its written order (values come from replayed offsets).
    private struct ReversedLeaf: Decodable, Equatable {
        var label: String
        var value: Int

        private enum CodingKeys: String, CodingKey {
            case value, label
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            label = try container.decode(String.self, forKey: .label)
            value = try container.decode(Int.self, forKey: .value)
        }

        init(label: String, value: Int) {
            self.label = label
            self.value = value
        }
    }

    /// Records `decoder.codingPath` as seen inside `init(from:)`.
    private struct PathProbe: Decodable {
        var path: [String]
        var keyTypes: [String]

        private enum FieldKeys: CodingKey {
            case value
        }

        init(from decoder: any Decoder) throws {
            path = decoder.codingPath.map(\.stringValue)
            keyTypes = decoder.codingPath.map { "\(type(of: $0))" }
            _ = try decoder.container(keyedBy: FieldKeys.self)
        }
    }

    private struct ProbeHolder: Decodable {
        var name: String
        var items: [PathProbe]
    }

    private func mismatchPath<T: Decodable>(_ type: T.Type, from value: some Encodable) throws -> [String] {
        let data = try FastCoder.encode(value)
        let error = try #require(throws: DecodingError.self) { try FastCoder.decode(type, from: data) }
        guard case let .typeMismatch(_, context) = error else { Issue.record("\(error)"); return [] }
        return context.codingPath.map(\.stringValue)
    }

    @Test("a type mismatch inside an array element names the property, the index and the key")
    func pathThroughArray() throws {
        let holders = [Holder(), Holder(items: [Leaf(value: 1), Leaf(value: 2)])]
        let path = try mismatchPath([TextHolder].self, from: holders)
        #expect(path == ["Index 1", "items", "Index 0", "value"])
    }

    @Test("a type mismatch inside a dictionary value names the entry's key")
    func pathThroughDictionary() throws {
        let holder = Holder(map: ["wide": Leaf(value: 7)])
        let path = try mismatchPath(TextHolder.self, from: holder)
        #expect(path == ["map", "wide", "value"])
    }

    /// `Leaf`'s value read as a `String` directly (a leaf, with no frame of its own), in written
    /// order or, with `userInfo["reading"] == "outOfOrder"`, after the key written after it.
    private struct LeafAsText: Decodable {
        var text: String

        private enum CodingKeys: String, CodingKey { case value, label }
        private enum Reading: String { case inOrder, outOfOrder }

        init(from decoder: any Decoder) throws {
            let reading = decoder.userInfo[CodingUserInfoKey(rawValue: "reading")!] as? String
            let container = try decoder.container(keyedBy: CodingKeys.self)
            switch Reading(rawValue: reading ?? "") {
            case .outOfOrder:
                _ = try container.decode(String.self, forKey: .label)
                text = try container.decode(String.self, forKey: .value)
            default:
                text = try container.decode(String.self, forKey: .value)
            }
        }
    }

    /// The coding path of the type or range error decoding `value` as `type` gives.
    private func leafErrorPath<T: Decodable>(_ type: T.Type, _ value: some Encodable, reading: String = "") throws
        -> [String]
    {
        let data = try FastCoder.encode(value)
        let decoder = FastDecoder(userInfo: [CodingUserInfoKey(rawValue: "reading")!: reading])
        do {
            _ = try decoder.decode(type, from: data)
            return ["no error"]
        } catch DecodingError.typeMismatch(_, let context), DecodingError.dataCorrupted(let context) {
            return context.codingPath.map(\.stringValue)
        }
    }

    @Test("a leaf value of the wrong type or out of range names its own key, however it is read")
    func leafPaths() throws {
        let leaves = [Leaf(value: 1), Leaf(value: 300)]
        #expect(try leafErrorPath(LeafAsText.self, Leaf(value: 1)) == ["value"])
        #expect(try leafErrorPath(LeafAsText.self, Leaf(value: 1), reading: "outOfOrder") == ["value"])
        #expect(try leafErrorPath([LeafAsText].self, leaves) == ["Index 0", "value"])
        #expect(try leafErrorPath([String: LeafAsText].self, ["first": Leaf(value: 1)]) == ["first", "value"])
        struct Mixed: Encodable {
            func encode(to encoder: any Encoder) throws {
                var list = encoder.unkeyedContainer()
                try list.encode("a")
                try list.encode(2)
            }
        }
        #expect(try leafErrorPath([String].self, Mixed()) == ["Index 1"])
        #expect(try leafErrorPath([String: [String]].self, ["tags": Mixed()]) == ["tags", "Index 1"])
        struct SmallLeaf: Decodable { var value: Int8 }
        #expect(try leafErrorPath([SmallLeaf].self, leaves) == ["Index 1", "value"])
        #expect(try leafErrorPath([Int8].self, [1, 300]) == ["Index 1"])
        #expect(try leafErrorPath([String: [UInt8]].self, ["bytes": [1, -1]]) == ["bytes", "Index 1"])
    }

    @Test("decoder.codingPath inside init(from:) lists the caller's own keys")
    func codingPathSeenByModels() throws {
        let holder = Holder(items: [Leaf(value: 1), Leaf(value: 2)])
        let probe = try FastCoder.decode(ProbeHolder.self, from: try FastCoder.encode(holder))
        #expect(probe.items.map(\.path) == [["items", "Index 0"], ["items", "Index 1"]])
        // Holder's synthesized CodingKeys, then the element index.
        #expect(probe.items[0].keyTypes == ["CodingKeys", "ArchiveCodingKey"])
    }

    @Test("keys asked out of written order read the right values, many times over")
    func outOfOrderKeys() throws {
        let leaves = (0..<50).map { Leaf(value: $0, label: "leaf \($0)") }
        let decoded = try FastCoder.decode([ReversedLeaf].self, from: FastCoder.encode(leaves))
        #expect(decoded == leaves.map { ReversedLeaf(label: $0.label, value: $0.value) })
    }

    @Test("two key types sharing one class definition each match their own names")
    func twoKeyTypesOneDefinition() throws {
        let leaves = [Leaf(value: 1, label: "a"), Leaf(value: 2, label: "b")]
        let data = try FastCoder.encode(leaves)
        #expect(try FastCoder.decode([Leaf].self, from: data) == leaves)
        #expect(try FastCoder.decode([ReversedLeaf].self, from: data).map(\.label) == ["a", "b"])
        #expect(try FastCoder.decode([Leaf].self, from: data) == leaves)
    }
}
