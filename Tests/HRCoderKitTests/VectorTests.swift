import ArchiveTestSupport
import Foundation
import HRCoderKit
import Testing

@Suite("Files written by the original HRCoder")
struct VectorTests {
    static let acyclicCases = SharedVectors.cases(.hrCoder).filter {
        !$0.name.contains("cycle") && !$0.name.contains("self_reference")
    }
    static let cyclicCases = SharedVectors.cases(.hrCoder).filter {
        $0.name.contains("cycle") || $0.name.contains("self_reference")
    }

    @Test(
        "there are 19 reference cases, 3 of them cyclic",
        .enabled(if: SharedVectors.isAvailable, Comment(rawValue: SharedVectors.unavailableReason)))
    func caseCount() {
        #expect(Self.acyclicCases.count == 16)
        #expect(Self.cyclicCases.count == 3)
    }

    @Test(
        "every acyclic vector decodes to the value the original decoded",
        .enabled(if: SharedVectors.isAvailable, Comment(rawValue: SharedVectors.unavailableReason)),
        arguments: acyclicCases)
    func decodesLikeTheOriginal(_ vector: VectorCase) throws {
        let expected = try #require(try vector.expectation().expect)
        let decoded = try HRCoder.unarchive(VectorValue.self, from: try vector.archive())
        let actual = TypedValueConverter.typedValue(of: decoded)
        let mismatches = actual.mismatches(against: expected, options: ComparisonOptions(ignoresMutability: true))
        #expect(mismatches.isEmpty, "\(vector.name): \(mismatches.joined(separator: "\n"))")
    }

    @Test(
        "a typed decode of a cyclic vector throws the back-reference error with the path",
        .enabled(if: SharedVectors.isAvailable, Comment(rawValue: SharedVectors.unavailableReason)),
        arguments: cyclicCases)
    func cyclesThrow(_ vector: VectorCase) throws {
        let data = try vector.archive()
        let error = try #require(throws: DecodingError.self) { try HRCoder.unarchive(VectorValue.self, from: data) }
        guard case let .dataCorrupted(context) = error else { Issue.record("wrong error \(error)"); return }
        #expect(context.debugDescription.hasPrefix("back-reference to"))
        #expect(context.debugDescription.contains("which is still being decoded"))
        #expect(!context.codingPath.isEmpty)
    }

    @Test(
        "re-encoding a decoded vector and decoding again keeps values and sharing",
        .enabled(if: SharedVectors.isAvailable, Comment(rawValue: SharedVectors.unavailableReason)),
        arguments: acyclicCases)
    func survivesReencoding(_ vector: VectorCase) throws {
        let expected = try #require(try vector.expectation().expect)
        let tree = try HRCoder().parse(try vector.archive())
        for format in HROutputFormat.allCases {
            let bytes = try HRCoder(outputFormat: format).serialize(tree)
            let decoded = try HRCoder.unarchive(VectorValue.self, from: bytes)
            let mismatches = TypedValueConverter.typedValue(of: decoded)
                .mismatches(against: expected, options: ComparisonOptions(ignoresMutability: true))
            #expect(mismatches.isEmpty, "\(vector.name) via \(format): \(mismatches.joined(separator: "\n"))")
        }
    }
}
