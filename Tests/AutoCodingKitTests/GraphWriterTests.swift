import ArchiveTestSupport
import AutoCodingKit
import Foundation
import Testing

@Suite("The untyped graph writer")
struct GraphWriterTests {
    @Test(
        "every Apple archive re-written in binary and XML reads back to the same graph and expectation",
        .enabled(if: SharedVectors.isAvailable, Comment(rawValue: SharedVectors.unavailableReason)),
        arguments: VectorTests.validCases)
    func rewritesVectors(_ vector: VectorCase) throws {
        let expected = try #require(try vector.expectation().expect)
        let graph = try KeyedUnarchiver.objectGraph(from: try vector.archive())
        for format in KeyedArchiveOutputFormat.allCases {
            let data = try KeyedArchiver.archivedData(with: graph, outputFormat: format)
            let reread = try KeyedUnarchiver.objectGraph(from: data)
            #expect(reread == graph, "\(vector.name) via \(format)")
            let mismatches = GraphTypedValueConverter.typedValue(of: reread).mismatches(against: expected)
            #expect(mismatches.isEmpty, "\(vector.name) via \(format): \(mismatches.joined(separator: "\n"))")
        }
    }

    @Test(
        "shared objects are written once and cycles survive, in both output formats",
        arguments: KeyedArchiveOutputFormat.allCases)
    func sharingAndCycles(_ format: KeyedArchiveOutputFormat) throws {
        // Object 0: a mutable array holding itself, object 1 twice, and a URL with a base.
        let graph = KeyedObjectGraph(
            root: .object(KeyedObjectID(0)),
            objects: [
                .array(
                    [
                        .object(KeyedObjectID(0)), .object(KeyedObjectID(1)), .object(KeyedObjectID(1)),
                        .url(relative: "b", base: .url(relative: "https://example.com/a/", base: nil)),
                        .integer(-3), .real(2.5), .bool(true), .null, .nilReference, .unsignedInteger(.max),
                        .date(Date(timeIntervalSinceReferenceDate: 12.5)), .data(Data([1, 2])), .string("é ☺"),
                    ],
                    mutable: true),
                .instance(
                    className: "Person", classes: ["Person", "NSObject"],
                    properties: [
                        KeyedArchiveProperty("name", .string("Ada")),
                        KeyedArchiveProperty("age", .integer(36)),
                        KeyedArchiveProperty("tags", .object(KeyedObjectID(2))),
                        KeyedArchiveProperty(
                            "inline", .array([.integer(1), .dictionary([KeyedArchiveProperty("k", .string("v"))])])),
                    ]),
                .dictionary([KeyedArchiveEntry(.string("k"), .object(KeyedObjectID(3)))], mutable: false),
                .orderedSet([.string("x"), .object(KeyedObjectID(4))], mutable: true),
                .mutableString("text"),
            ])
        let data = try KeyedArchiver.archivedData(with: graph, outputFormat: format)
        #expect(data.starts(with: Array(format == .binary ? "bplist00".utf8 : "<?xml".utf8)))
        #expect(try KeyedUnarchiver.objectGraph(from: data) == graph)
    }

    @Test("a graph that refers to an object it does not hold, or nests too deeply, is refused")
    func badGraphs() throws {
        let dangling = KeyedObjectGraph(root: .object(KeyedObjectID(5)))
        #expect(throws: KeyedArchiveError.self) { try KeyedArchiver.archivedData(with: dangling) }
        var deep = KeyedArchiveValue.string("bottom")
        for _ in 0..<600 { deep = .array([deep]) }
        let error = try #require(throws: KeyedArchiveError.self) {
            try KeyedArchiver.archivedData(with: KeyedObjectGraph(root: deep))
        }
        #expect(error.description.contains("limit of 512"))
    }

    @Test("the written layout is NSKeyedArchiver's: header keys, $null first, class chains")
    func layout() throws {
        let graph = KeyedObjectGraph(root: .object(KeyedObjectID(0)), objects: [.array([.string("a")], mutable: true)])
        let data = try KeyedArchiver.archivedData(with: graph)
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        #expect(plist["$archiver"] as? String == "NSKeyedArchiver")
        #expect(plist["$version"] as? Int == 100_000)
        let objects = try #require(plist["$objects"] as? [Any])
        #expect(objects.first as? String == "$null")
        let classDescription = try #require(
            objects.compactMap { $0 as? [String: Any] }.first { $0["$classname"] != nil })
        #expect(classDescription["$classname"] as? String == "NSMutableArray")
        #expect(classDescription["$classes"] as? [String] == ["NSMutableArray", "NSArray", "NSObject"])
    }
}
