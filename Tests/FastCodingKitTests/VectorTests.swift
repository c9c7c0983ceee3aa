import ArchiveTestSupport
import FastCodingKit
import Foundation
import Testing

private let vectorsEnabled = ConditionTrait.enabled(
    if: SharedVectors.isAvailable, Comment(rawValue: SharedVectors.unavailableReason))

/// Vectors whose expectation cannot match a plain read of the wire (each with the reason).
let readExceptions: [String: String] = [
    "object_awake_replacement":
        "the original's -awakeAfterFastCoding hook replaced an instance after reading; the wire holds the Fahrenheit value"
]

@Suite("Files written by the Objective-C FastCoder 3.3")
struct VectorTests {
    @Test(
        "every vector reads to the value the original decoder produced", vectorsEnabled,
        arguments: SharedVectors.cases(.fastCoding))
    func readsLikeTheOriginal(_ vector: VectorCase) throws {
        let expectation = try vector.expectation()
        let data = try vector.archive()
        guard let expected = expectation.expect, !expectation.expectError else {
            #expect(throws: (any Error).self) { try FastCoder.object(with: data) }
            return
        }
        let value = try FastCoder.object(with: data)
        let actual = TypedValueConverter.convert(value)
        let mismatches = actual.mismatches(against: expected, options: ComparisonOptions(acceptsIntegerForBool: true))
        if let reason = readExceptions[vector.name] {
            #expect(!mismatches.isEmpty, "\(vector.name) is listed as an exception (\(reason)) but now matches")
        } else {
            #expect(mismatches.isEmpty, "\(vector.name): \(mismatches.joined(separator: "\n"))")
        }
    }

    @Test(
        "re-encoding what was read reproduces the original bytes exactly", vectorsEnabled,
        arguments: SharedVectors.cases(.fastCoding).filter { !$0.name.hasPrefix("corrupt_") })
    func reencodesByteForByte(_ vector: VectorCase) throws {
        let data = try vector.archive()
        let written = try FastCoder.data(with: try FastCoder.object(with: data))
        #expect(written == data, "\(vector.name): \(written.count) bytes written, \(data.count) in the original")
    }

    @Test(
        "corrupt vectors throw a FastCodingError from both entry points", vectorsEnabled,
        arguments: SharedVectors.cases(.fastCoding).filter { $0.name.hasPrefix("corrupt_") })
    func corruptVectorsThrow(_ vector: VectorCase) throws {
        let data = try vector.archive()
        #expect(try vector.expectation().expectError)
        #expect(throws: FastCodingError.self) { try FastCoder.object(with: data) }
        #expect(throws: (any Error).self) { try FastCoder.decode([String: String].self, from: data) }
    }
}
