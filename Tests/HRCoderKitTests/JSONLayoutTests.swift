import ArchiveTestSupport
import Foundation
import HRCoderKit
import Testing

@Suite("HRCoder JSON is indented by default, compact on request, and read either way")
struct JSONLayoutTests {
    struct Note: Codable, Equatable {
        var title: String
        var tags: [String]
    }

    let note = Note(title: "groceries", tags: ["milk", "eggs"])

    @Test("the default JSON puts one value per line, indented by two spaces, keys sorted")
    func indentedByDefault() throws {
        let text = String(decoding: try HRCodedFormat.hrCodedJSON.encode(note), as: UTF8.self)
        let expected = """
            {
              "$class": "JSONLayoutTests.Note",
              "tags": [
                "milk",
                "eggs"
              ],
              "title": "groceries"
            }

            """
        #expect(text == expected)
        let oneCall = try HRCoder.archivedData(withRootObject: note, format: .json)
        #expect(String(decoding: oneCall, as: UTF8.self) == expected)
    }

    @Test("the compact option writes one line with the same values")
    func compactOnRequest() throws {
        let compact = try HRCodedFormat.hrCodedCompactJSON.encode(note)
        #expect(
            String(decoding: compact, as: UTF8.self)
                == #"{"$class":"JSONLayoutTests.Note","tags":["milk","eggs"],"title":"groceries"}"#)
        #expect(compact == (try HRCoder(outputFormat: .json, prettyPrinted: false).encode(note)))
    }

    @Test("either layout is read by either format and by Foundation's JSON reader")
    func readersAcceptBoth() throws {
        for data in [try HRCodedFormat.hrCodedJSON.encode(note), try HRCodedFormat.hrCodedCompactJSON.encode(note)] {
            #expect(try HRCodedFormat.hrCodedJSON.decode(Note.self, from: data) == note)
            #expect(try HRCodedFormat.hrCodedCompactJSON.decode(Note.self, from: data) == note)
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(object["title"] as? String == "groceries")
        }
    }
}
