import ArchiveTestSupport
import Foundation
import HRCoderKit
import Testing

@Suite("HRCoder errors read well as localizedDescription")
struct ErrorDescriptionTests {
    @Test("every HRCoderError case's localizedDescription holds its message")
    func everyCase() {
        let errors: [HRCoderError] = [
            .invalidJSON(offset: 7, reason: "expected ':'"),
            .invalidXML(offset: 30, reason: "unclosed <dict>"),
            .invalidBinaryPlist(offset: 12, reason: "offset table past the end"),
            .nestingTooDeep(limit: 512, offset: 900),
            .stackExhausted(depth: 300, offset: 600),
            .unrecognizedFormat,
            .unrepresentable(path: "scores[2]", reason: "JSON has no spelling for NaN"),
        ]
        #expect(LocalizedErrorChecks.unreadable(errors) == [])
    }

    @Test("a broken JSON document's error names the byte offset in localizedDescription")
    func thrownFromBrokenJSON() {
        let message = LocalizedErrorChecks.localizedDescription {
            _ = try HRCoder.unarchive([String: Int].self, from: Data(#"{"a": 1,, "b": 2}"#.utf8))
        }
        #expect(message?.contains("invalid JSON at byte 8") == true, "\(message ?? "no error")")
    }

    @Test("NaN in JSON names the coding path and the fix in localizedDescription")
    func unrepresentableNumber() {
        struct Scores: Codable { var values: [Double] }
        let message = LocalizedErrorChecks.localizedDescription {
            _ = try HRCoder(outputFormat: .json).encode(Scores(values: [1, .nan]))
        }
        #expect(message?.contains("values[1]") == true, "\(message ?? "no error")")
        #expect(message?.contains("property list") == true, "\(message ?? "no error")")
    }
}
