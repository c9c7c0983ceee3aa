import AutoCodingKit
import CodingCore
import FastCodingKit
import Foundation
import HRCoderKit
import Testing

/// An archived class name that stands for no class allowed where it is read is one error in
/// every kit: `DecodingError.typeMismatch` at the object's coding path, with the
/// `ClassResolutionError` underneath.
@Suite("One class-resolution error in every kit")
struct ClassResolutionErrorTests {
    final class Animal: Codable {
        var name = "Rex"
    }

    final class Plant: Codable {
        var name = "Fern"
    }

    struct Garden<Resident: Codable>: Codable {
        var residents: [Resident]
    }

    static let formats: [any ArchiveFormat] = [
        FastCodingFormat.fastCoding, KeyedArchiveFormat.keyedArchive, KeyedArchiveFormat.keyedArchiveXML,
        HRCodedFormat.hrCodedJSON, HRCodedFormat.hrCodedXML, HRCodedFormat.hrCodedBinary,
    ]

    @Test("an Animal read where a Plant is expected", arguments: 0..<formats.count)
    func unrelatedClass(_ index: Int) throws {
        let format = Self.formats[index]
        let data = try format.encode(Garden(residents: [Animal()]))
        let error = try #require(throws: DecodingError.self) { try format.decode(Garden<Plant>.self, from: data) }
        guard case let .typeMismatch(type, context) = error else {
            Issue.record("\(format.identifier): \(error)")
            return
        }
        #expect(ObjectIdentifier(type) == ObjectIdentifier(Plant.self), "\(format.identifier)")
        #expect(context.underlyingError is ClassResolutionError, "\(format.identifier): \(context)")
        #expect(
            CodingPathDescription.string(context.codingPath) == "residents[0]",
            "\(format.identifier): \(CodingPathDescription.string(context.codingPath))")
    }
}
