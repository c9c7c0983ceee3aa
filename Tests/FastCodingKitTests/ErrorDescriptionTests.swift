import ArchiveTestSupport
import FastCodingKit
import Foundation
import Testing

@Suite("FastCoding errors read well as localizedDescription")
struct ErrorDescriptionTests {
    @Test("every FastCodingError case's localizedDescription holds its message")
    func everyCase() {
        let errors: [FastCodingError] = [
            .tooShort(length: 3, needed: 8),
            .badIdentifier,
            .unsupportedVersion(major: 2, minor: 0),
            .unexpectedEnd(offset: 12, expected: "a string"),
            .unknownChunkType(code: 200, offset: 9),
            .unexpectedChunk(.null, offset: 10, expected: "a class definition"),
            .indexOutOfRange(table: "alias", index: 5, count: 2, offset: 30),
            .invalidUTF8(offset: 14),
            .nestingTooDeep(limit: 512, offset: 4000),
            .stackExhausted(depth: 300, offset: 2000),
            .countTooLarge(count: 1 << 40, offset: 20, remaining: 4),
            .dateIsNotANumber(offset: 21),
            .expansionTooLarge(limit: 1 << 20, offset: 44),
        ]
        #expect(LocalizedErrorChecks.unreadable(errors) == [])
    }

    @Test("a truncated archive's error names the byte offset in localizedDescription")
    func thrownFromTruncatedBytes() throws {
        let bytes = try FastCoder.encode(["alpha", "beta", "gamma"])
        let message = LocalizedErrorChecks.localizedDescription {
            _ = try FastCoder.decode([String].self, from: bytes.prefix(bytes.count - 3))
        }
        #expect(message?.contains("offset") == true, "\(message ?? "no error")")
    }
}
