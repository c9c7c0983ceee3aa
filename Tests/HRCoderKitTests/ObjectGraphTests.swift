import ArchiveTestSupport
import Foundation
import HRCoderKit
import Testing

/// The object graph as the expectation scheme: containers and objects are instances.
func typedValue(of graph: HRObjectGraph) -> TypedValue {
    var seen: Set<Int> = []
    func convert(_ number: Int) -> TypedValue {
        if case let .scalar(value) = graph[number] {
            switch value {
            case let .string(text): return .string(text, mutable: false)
            case let .integer(number): return .number(Double(number))
            case let .wideInteger(number): return .number(Double(number.description) ?? .nan)
            case let .real(number): return .number(number)
            case let .bool(flag): return .bool(flag)
            case let .date(date): return .date(sinceReferenceDate: date.timeIntervalSinceReferenceDate)
            case let .data(data): return .data(data, mutable: false)
            case .null: return .null
            case .array, .dictionary: return .absent
            }
        }
        guard seen.insert(number).inserted else { return .instanceReference(id: number) }
        switch graph[number] {
        case let .array(items):
            return .instance(id: number, .array(items.map(convert), mutable: true))
        case let .dictionary(entries):
            return .instance(
                id: number,
                .dictionary(
                    entries.sorted { $0.key < $1.key }.map {
                        .init(.string($0.key, mutable: false), convert($0.value))
                    }, mutable: true))
        case let .object(className, properties):
            return .instance(
                id: number,
                .object(
                    className: className,
                    properties: properties.sorted { $0.key < $1.key }.map {
                        .init($0.key, convert($0.value))
                    }))
        case .scalar:
            return .absent
        }
    }
    return convert(graph.root).resolvingSharedInstances()
}

@Suite("The untyped reader: object graphs with identity")
struct ObjectGraphTests {
    /// Vectors whose objects lack keys that the original filled with 0 / NO defaults (only a
    /// model type knows those) are covered by the typed tests instead.
    static let graphCases = SharedVectors.cases(.hrCoder).filter { $0.name != "hand_alias" }

    @Test(
        "reference vectors, cycles included, read as graphs match the original's values",
        .enabled(if: SharedVectors.isAvailable, Comment(rawValue: SharedVectors.unavailableReason)),
        arguments: graphCases)
    func vectors(_ vector: VectorCase) throws {
        let expected = try #require(try vector.expectation().expect)
        let graph = try HRCoder.object(with: try vector.archive())
        let options = ComparisonOptions(ignoresMutability: true, allowsMissingAbsentProperties: true)
        let mismatches = typedValue(of: graph).mismatches(against: expected, options: options)
        #expect(mismatches.isEmpty, "\(vector.name): \(mismatches.joined(separator: "\n"))")
    }

    @Test("a $root alias and a forward alias resolve to the shared nodes")
    func rootAndForward() throws {
        let document =
            #"{"$class": "Playlist", "featured": {"$alias": "tracks.0"}, "tracks": [{"$class": "Track", "playlist": {"$alias": "$root"}}]}"#
        let graph = try HRCoder.object(with: Data(document.utf8))
        guard case let .object("Playlist", properties) = graph[graph.root],
            let featured = properties["featured"], let tracks = properties["tracks"],
            case let .array(items) = graph[tracks],
            case let .object("Track", trackProperties) = graph[featured]
        else { Issue.record("unexpected graph \(graph)"); return }
        #expect(items == [featured])
        #expect(trackProperties["playlist"] == graph.root)
    }

    @Test(
        "bad aliases are errors in the untyped reader too",
        arguments: [
            (#"{"a": {"$alias": "missing"}}"#, "points to 'missing'"),
            (#"{"a": {"$alias": "b"}, "b": {"$alias": "a"}}"#, "alias loop"),
            (#"{"a": {"$class": 7}}"#, "$class at 'a' must be a class name string"),
        ])
    func badAliases(_ document: String, _ expected: String) throws {
        let error = try #require(throws: DecodingError.self) { try HRCoder.object(with: Data(document.utf8)) }
        #expect("\(error)".contains(expected), "\(error)")
    }

    @Test("a forward-alias chain longer than the depth limit is refused, not a stack overflow")
    func longChains() throws {
        var items: [HRValue] = (0..<5_000).map {
            .dictionary(["next": .dictionary(["$alias": .string(String($0 + 1))])])
        }
        items.append(.dictionary([:]))
        let error = try #require(throws: DecodingError.self) { try HRCoder().objectGraph(fromTree: .array(items)) }
        #expect("\(error)".contains("deeper than the limit of 512"))
        let typed = try #require(throws: DecodingError.self) {
            try HRCoder().decode([Link].self, fromTree: .array(items))
        }
        #expect("\(typed)".contains("deeper than the limit of 512"))
    }
}

/// A singly linked chain, for the alias-chain test.
final class Link: Decodable {
    var next: Link?
}
