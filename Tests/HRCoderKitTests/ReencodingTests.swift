import ArchiveTestSupport
import Foundation
import HRCoderKit
import Testing

/// Spec §4.2: re-encoding the graph of a generated vector by the alias rules (object keys in
/// the order of the model's `encodeWithCoder:` calls) reproduces its archive tree.
@Suite("Encoding like the original")
struct ReencodingTests {
    static let personCases = SharedVectors.cases(.hrCoder).filter {
        [
            "hr_person", "hr_person_json", "hr_nested", "hr_employee", "hr_people", "hr_shared_alias",
            "hr_shared_alias_json",
        ].contains($0.name)
    }

    /// Numbers compared by value: the original's JSON reader and writer do not keep integer/real apart.
    private static func normalized(_ value: HRValue) -> HRValue {
        switch value {
        case let .integer(number): .real(Double(number))
        case let .array(items): .array(items.map(normalized))
        case let .dictionary(entries): .dictionary(entries.mapValues(normalized))
        default: value
        }
    }

    @Test(
        "decoding a Person vector and encoding it again gives the original's tree, aliases included",
        .enabled(if: SharedVectors.isAvailable, Comment(rawValue: SharedVectors.unavailableReason)),
        arguments: personCases)
    func sameTree(_ vector: VectorCase) throws {
        let data = try vector.archive()
        let original = try HRCoder().parse(data)
        let isJSON = vector.archiveURL.pathExtension == "json"
        let reencoded: HRValue
        if case .array = original {
            reencoded = try HRCoder().encodeTree(try HRCoder.unarchive([Person].self, from: data))
        } else {
            reencoded = try HRCoder().encodeTree(try HRCoder.unarchive(Person.self, from: data))
        }
        let ours = Self.normalized(isJSON ? reencoded.jsonCompatible : reencoded)
        #expect(ours == Self.normalized(original))
    }
}
