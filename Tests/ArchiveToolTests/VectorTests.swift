import ArchiveTestSupport
import Foundation
import Testing

private let vectorsEnabled = ConditionTrait.enabled(
    if: SharedVectors.isAvailable, Comment(rawValue: SharedVectors.unavailableReason))

/// Vectors whose expectation depends on the original's model classes, which a tool reading
/// files without them cannot know (each with the reason). The first is FastCodingKit's own
/// exception; the kit's tests map the second through their list of the original's classes.
private let exceptions: [String: String] = [
    "object_awake_replacement": "the original's -awakeAfterFastCoding hook replaced an instance after reading; "
        + "the wire holds the Fahrenheit value",
    "dict_bootstrap_unknown_class": "the original had no class NoSuchWidget and returned a dictionary; "
        + "the tool shows the object with the class name the file records",
    "hand_alias": "the hand-written file omits height and active; the original's -initWithCoder: filled in "
        + "0 and NO, which only the model class knows",
]

@Suite("archive-tool inspect --json on the shared reference files")
struct VectorTests {
    @Test(
        "every FastCoding vector prints the value the original decoder produced", vectorsEnabled,
        arguments: SharedVectors.cases(.fastCoding).filter { !$0.name.hasPrefix("corrupt_") })
    func fastCoding(_ vector: VectorCase) throws {
        let expected = try #require(try vector.expectation().expect)
        let actual = try ArchiveToolRun.typedValue(of: vector.archiveURL)
        // BOOL properties travel as char numbers (see the vectors' README), as in the kit's tests.
        let mismatches = actual.mismatches(against: expected, options: ComparisonOptions(acceptsIntegerForBool: true))
        expect(mismatches, for: vector)
    }

    @Test(
        "every HRCoder vector, cycles included, prints the value the original decoded", vectorsEnabled,
        arguments: SharedVectors.cases(.hrCoder))
    func hrCoder(_ vector: VectorCase) throws {
        let expected = try #require(try vector.expectation().expect)
        let actual = try ArchiveToolRun.typedValue(of: vector.archiveURL)
        // HRCoder records neither mutability nor nil properties (it omits them).
        let options = ComparisonOptions(ignoresMutability: true, allowsMissingAbsentProperties: true)
        expect(actual.mismatches(against: expected, options: options), for: vector)
    }

    @Test(
        "every keyed archive written by Apple's NSKeyedArchiver prints its expectation, strictly", vectorsEnabled,
        arguments: SharedVectors.cases(.keyed).filter { !$0.name.hasPrefix("corrupt_") })
    func keyed(_ vector: VectorCase) throws {
        let expected = try #require(try vector.expectation().expect)
        let actual = try ArchiveToolRun.typedValue(of: vector.archiveURL)
        expect(actual.mismatches(against: expected), for: vector)
    }

    @Test(
        "corrupt keyed archives exit 1 with one line naming the fault", vectorsEnabled,
        arguments: SharedVectors.cases(.keyed).filter { $0.name.hasPrefix("corrupt_") })
    func corruptKeyed(_ vector: VectorCase) throws {
        #expect(try vector.expectation().expectError)
        let line = ArchiveToolRun.expectCleanFailure(
            try ArchiveToolRun.run(["inspect", vector.archiveURL.path, "--json"]), vector.name)
        #expect(line.contains("not a valid keyed archive"), "\(line)")
    }

    @Test(
        "corrupt vectors exit 1 with one line and print nothing", vectorsEnabled,
        arguments: SharedVectors.cases(.fastCoding).filter { $0.name.hasPrefix("corrupt_") })
    func corrupt(_ vector: VectorCase) throws {
        #expect(try vector.expectation().expectError)
        for arguments in [["inspect", vector.archiveURL.path], ["inspect", vector.archiveURL.path, "--json"]] {
            let line = ArchiveToolRun.expectCleanFailure(try ArchiveToolRun.run(arguments), vector.name)
            #expect(line.contains(vector.archiveURL.path))
        }
    }

    private func expect(_ mismatches: [String], for vector: VectorCase) {
        if let reason = exceptions[vector.name] {
            #expect(!mismatches.isEmpty, "\(vector.name) is listed as an exception (\(reason)) but now matches")
        } else {
            #expect(mismatches.isEmpty, "\(vector.name): \(mismatches.joined(separator: "\n"))")
        }
    }
}
