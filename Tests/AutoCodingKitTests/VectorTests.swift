import ArchiveTestSupport
import AutoCodingKit
import Foundation
import Testing

@Suite("Keyed archives written by Apple's NSKeyedArchiver")
struct VectorTests {
    static let cases = SharedVectors.cases(.keyed)
    static let validCases = cases.filter { !$0.name.hasPrefix("corrupt_") }
    static let corruptCases = cases.filter { $0.name.hasPrefix("corrupt_") }

    @Test(
        "there are 46 real archives and 3 corrupt ones",
        .enabled(if: SharedVectors.isAvailable, Comment(rawValue: SharedVectors.unavailableReason)))
    func caseCount() {
        #expect(Self.validCases.count == 46)
        #expect(Self.corruptCases.count == 3)
    }

    @Test(
        "every real archive decodes through the untyped reader to its expectation, strictly",
        .enabled(if: SharedVectors.isAvailable, Comment(rawValue: SharedVectors.unavailableReason)),
        arguments: validCases)
    func decodesToExpectation(_ vector: VectorCase) throws {
        let expected = try #require(try vector.expectation().expect)
        let graph = try KeyedUnarchiver.objectGraph(from: try vector.archive())
        let actual = GraphTypedValueConverter.typedValue(of: graph)
        let mismatches = actual.mismatches(against: expected)
        #expect(mismatches.isEmpty, "\(vector.name): \(mismatches.joined(separator: "\n"))")
    }

    @Test(
        "every corrupt archive throws a KeyedArchiveError",
        .enabled(if: SharedVectors.isAvailable, Comment(rawValue: SharedVectors.unavailableReason)),
        arguments: corruptCases)
    func corruptArchivesThrow(_ vector: VectorCase) throws {
        #expect(try vector.expectation().expectError)
        let data = try vector.archive()
        let error = try #require(throws: KeyedArchiveError.self) { try KeyedUnarchiver.objectGraph(from: data) }
        switch vector.name {
        case "corrupt_uid_out_of_range": #expect(error.description.contains("UID 23"), "\(error)")
        case "corrupt_top_missing": #expect(error.description.contains("$top"), "\(error)")
        default: #expect(error.description.contains("outside the object area"), "\(error)")
        }
    }
}
