import ArchiveTestSupport
import AutoCodingKit
import CodingCore
import FastCodingKit
import Foundation
import HRCoderKit
import Testing

/// Every kit's decoding errors name the place as `contacts[0].name`, one spelling across the suite,
/// in the coding path and, in keyed archives and HRCoder, in the message itself.
@Suite("One spelling of coding paths in every kit's errors")
struct CodingPathSpellingTests {
    struct Contact: Codable { var name: String }
    struct Book: Codable { var contacts: [Contact] }
    struct WrongContact: Codable { var name: Int }
    struct WrongBook: Codable { var contacts: [WrongContact] }

    static let formats: [any ArchiveFormat] = [
        FastCodingFormat.fastCoding, KeyedArchiveFormat.keyedArchive, HRCodedFormat.hrCodedJSON,
        HRCodedFormat.hrCodedXML, HRCodedFormat.hrCodedBinary,
    ]

    @Test("a wrong-typed value inside an array is at 'contacts[0].name'", arguments: 0..<formats.count)
    func wrongTypedElement(_ index: Int) throws {
        let format = Self.formats[index]
        let data = try format.encode(Book(contacts: [Contact(name: "Ann")]))
        let error = try #require(throws: DecodingError.self) { try format.decode(WrongBook.self, from: data) }
        let line = DecodingErrorDescription.describe(error)
        #expect(line.contains("at 'contacts[0].name'"), "\(format.identifier): \(line)")
        // FastCoding's messages name the byte offset instead; its place is in the context's path.
        guard !(format is FastCodingFormat) else { return }
        guard case let .typeMismatch(_, context) = error else {
            Issue.record("\(format.identifier): not a type mismatch: \(error)")
            return
        }
        #expect(
            context.debugDescription.contains("'contacts[0].name'"), "\(format.identifier): \(context.debugDescription)"
        )
    }

    @Test("the path formatter writes positions in brackets and keeps integer-valued case names")
    func formatter() {
        enum Numbered: Int, CodingKey { case name = 1 }
        let path: [any CodingKey] = [
            ArchiveCodingKey(stringValue: "contacts"), ArchiveCodingKey(index: 0),
            ArchiveCodingKey(stringValue: "name"),
        ]
        #expect(CodingPathDescription.string(path) == "contacts[0].name")
        #expect(CodingPathDescription.string([ArchiveCodingKey(index: 2), Numbered.name]) == "[2].name")
        #expect(CodingPathDescription.string([ArchiveCodingKey(intValue: 7)]) == "[7]")
        #expect(CodingPathDescription.place([]) == "the top level")
        #expect(CodingPathDescription.place(path) == "'contacts[0].name'")
    }
}
