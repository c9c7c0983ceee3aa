import ArchiveTestSupport
import Foundation
import Testing

@Suite("Shared vectors", .enabled(if: SharedVectors.isAvailable, Comment(rawValue: SharedVectors.unavailableReason)))
struct SharedVectorsTests {
    @Test("the three collections are found with their archives", arguments: SharedVectors.Collection.allCases)
    func collectionsFound(_ collection: SharedVectors.Collection) {
        let cases = SharedVectors.cases(collection)
        #expect(cases.count == [.fastCoding: 81, .hrCoder: 19, .keyed: 49][collection])
        for vector in cases {
            #expect(FileManager.default.fileExists(atPath: vector.archiveURL.path), "\(vector.name): archive missing")
        }
    }

    @Test(
        "every expectation parses, matches itself, and has only sameAs pointers that resolve",
        arguments: SharedVectors.Collection.allCases.flatMap(SharedVectors.cases))
    func expectationIsConsistent(_ vector: VectorCase) throws {
        let expectation = try vector.expectation()
        #expect(expectation.case == vector.name)
        guard let expect = expectation.expect else {
            #expect(expectation.expectError, "\(vector.name) has neither expect nor expectError")
            return
        }
        #expect(expect.mismatches(against: expect).isEmpty)
        let pointers = sameAsPointers(in: expect)
        for pointer in pointers {
            #expect(JSONPointer.resolve(pointer, in: expect) != nil, "\(vector.name): sameAs '\(pointer)' dangles")
        }
    }

    @Test(
        "an expectation written back as JSON reads back identical",
        arguments: SharedVectors.cases(.fastCoding).prefix(20))
    func roundTripsThroughJSON(_ vector: VectorCase) throws {
        guard let expect = try vector.expectation().expect else { return }
        let again = try JSONDecoder().decode(TypedValue.self, from: try JSONEncoder().encode(expect))
        #expect(again.mismatches(against: expect).isEmpty)
    }

    private func sameAsPointers(in value: TypedValue) -> [String] {
        switch value {
        case let .sameAs(pointer): [pointer]
        case let .array(items, _), let .set(items, _), let .orderedSet(items, _): items.flatMap(sameAsPointers)
        case let .dictionary(entries, _): entries.flatMap { sameAsPointers(in: $0.key) + sameAsPointers(in: $0.value) }
        case let .object(_, properties): properties.flatMap { sameAsPointers(in: $0.value) }
        default: []
        }
    }
}
