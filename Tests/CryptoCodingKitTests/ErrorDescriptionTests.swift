import ArchiveTestSupport
import CryptoCodingKit
import Foundation
import Testing

@Suite("CryptoCoding errors read well as localizedDescription")
struct ErrorDescriptionTests {
    @Test("every CryptoCodingError case's localizedDescription holds its message")
    func everyCase() {
        let errors: [CryptoCodingError] = [
            .notEncrypted,
            .plainArchiveRefused(innerFormat: "fastcoding"),
            .unsupportedVersion(7),
            .unknownKeyDerivation(id: 9),
            .invalidKeyDerivation("scrypt r must be positive"),
            .keyDerivationOverLimit(parameter: "N", value: 1 << 30, limit: 1 << 20),
            .truncated(length: 10, needed: 40, reading: "the header"),
            .invalidInnerFormatIdentifier(offset: 6),
            .innerFormatMismatch(expected: "keyed-archive", found: "fastcoding"),
            .innerFormatIdentifierTooLong(length: 300),
            .authenticationFailed,
            .emptyPassword,
            .cryptographyFailed(operation: "generating random bytes"),
            .legacyArchiveMalformed(reason: "no $objects"),
            .legacyVersionUnsupported(version: 1.0),
            .legacyDecryptionFailed,
        ]
        #expect(LocalizedErrorChecks.unreadable(errors) == [])
    }

    @Test("bytes that are not encrypted are refused with a readable localizedDescription")
    func thrownFromPlainBytes() {
        let message = LocalizedErrorChecks.localizedDescription {
            _ = try Data("not an envelope".utf8).decrypted(password: "secret")
        }
        #expect(message?.contains("CCKE") == true, "\(message ?? "no error")")
    }
}
