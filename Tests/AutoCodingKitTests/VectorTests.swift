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

    /// The real archives whose root is an object or a dictionary, and the keys it holds.
    static let keyedRoots: [(VectorCase, [String])] = validCases.compactMap { vector in
        switch try? vector.expectation().expect {
        case .object(_, let properties)?: (vector, properties.map(\.name))
        case .dictionary(let entries, _)?:
            (vector, entries.compactMap { if case .string(let key, _) = $0.key { key } else { nil } })
        default: nil
        }
    }

    @Test(
        "every real archive's root object reads as an Evolvable model with a key more, which takes its default",
        .enabled(if: SharedVectors.isAvailable, Comment(rawValue: SharedVectors.unavailableReason)),
        arguments: keyedRoots)
    func rootsGainAKey(_ vector: VectorCase, _ keys: [String]) throws {
        let model = try KeyedUnarchiver.unarchive(EvolvedArchivedObject.self, from: try vector.archive())
        #expect(model.keys.sorted() == keys.sorted())
        #expect(model.revision == 2)
    }

    /// The archive of the case called `name`.
    private func archive(_ name: String) throws -> Data {
        try #require(Self.validCases.first { $0.name == name }, "no vector \(name)").archive()
    }

    @Test(
        "Apple's NSValue, NSNotification, NSMeasurement and NSDictionary read into models with a property more",
        .enabled(if: SharedVectors.isAvailable, Comment(rawValue: SharedVectors.unavailableReason)))
    func foundationObjectsGainAProperty() throws {
        let range = try KeyedUnarchiver.unarchive(EvolvedRangeValue.self, from: try archive("range_test"))
        #expect([range.location, range.length, range.special] == [97_345, 98_345, 4] as [Int])
        #expect(range.label == "range")

        let notification = try KeyedUnarchiver.unarchive(
            EvolvedNotification.self, from: try archive("notification_test"))
        #expect(notification.name == "notification-name" && notification.object == "notification-object")
        #expect(notification.userInfo == ["notification-key": "notification-val"])
        #expect(notification.sender == "unknown")

        let registry = ClassNameRegistry()
        registry.register(EvolvedUnit.self, as: "NSUnitLength")
        let measurement = try KeyedArchiveDecoder(registry: registry).decode(
            EvolvedMeasurement.self, from: try archive("measurement_length"))
        #expect(measurement.value == 45 && measurement.precision == 2)
        #expect(measurement.unit.symbol == "mi" && measurement.unit.specifier == 1287)
        #expect(measurement.unit.plural == "units")
        #expect(measurement.unit.converter.coefficient == 1609.34 && measurement.unit.converter.rounding == "none")

        let complex = try KeyedUnarchiver.unarchive(EvolvedComplexRoot.self, from: try archive("complex_test"))
        #expect(complex.string == "hello" && complex.count == 7)
        #expect(complex.url.absoluteString == "https://www.swift.org/index.xml")
        #expect(complex.uuid.uuidString == "71DC068E-3420-45FF-919E-3A267D55EC22")

        let formatter = try KeyedUnarchiver.unarchive(
            EvolvedByteCountFormatter.self, from: try archive("byte_count_formatter_default"))
        #expect(formatter.allowsNonnumericFormatting)
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
