import ArchiveTestSupport
import AutoCodingKit
import Foundation
import Testing

@Suite("Keyed-archive errors read well as localizedDescription")
struct ErrorDescriptionTests {
    @Test("every KeyedArchiveError case's localizedDescription holds its message")
    func everyCase() {
        let errors: [KeyedArchiveError] = [
            .notAPropertyList,
            .malformedBinaryPlist(offset: 17, reason: "object offset past the end"),
            .malformedXMLPlist(line: 4, reason: "unclosed <dict>"),
            .notAKeyedArchive(reason: "no $objects"),
            .malformedObject(uid: 3, reason: "no $class"),
            .uidOutOfRange(uid: 99, count: 4, place: "$top.root"),
            .referenceCycle(uid: 2),
            .nestingTooDeep(limit: 512, place: "$objects[7]"),
            .stackExhausted(depth: 300, place: "$objects[9]"),
            .tooLarge(reason: "more than 2^32 objects"),
        ]
        #expect(LocalizedErrorChecks.unreadable(errors) == [])
        let nested: any Error = KeyedArchiveError.nestingTooDeep(limit: 512, place: "$objects[7]")
        #expect(nested.localizedDescription.contains("raise maximumDepth"))
    }

    @Test("a damaged archive's error names the byte offset in localizedDescription")
    func thrownFromDamagedBytes() throws {
        var bytes = try KeyedArchiver.archivedData(withRootObject: ["a", "b"])
        bytes.removeLast(20)
        let message = LocalizedErrorChecks.localizedDescription {
            _ = try KeyedUnarchiver.unarchive([String].self, from: bytes)
        }
        #expect(message?.contains("offset") == true, "\(message ?? "no error")")
    }
}
