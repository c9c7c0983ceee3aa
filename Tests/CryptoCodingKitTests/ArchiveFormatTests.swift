import CryptoCodingKit
import Foundation
import Testing

@Suite("EncryptedFormat as an ArchiveFormat")
struct ArchiveFormatTests {
    @Test("identifier, extension and detection priority")
    func basics() {
        let format: EncryptedFormat = .encrypted(.testJSON, password: "pw")
        #expect(format.identifier == "encrypted-test-json")
        #expect(format.fileExtension == "enc")
        #expect(format.detectionPriority == .encrypted)
        #expect(format.description == "EncryptedFormat(inner: test-json, keyDerivation: scrypt(N=2^16, r=8, p=1))")
    }

    @Test("detection picks the encrypted format holding the right inner format, before the plain one")
    func detection() throws {
        let json = Samples.format(.testJSON), plist = Samples.format(.testBinaryPlist)
        let candidates: [any ArchiveFormat] = [MagicJSONFormat(), BinaryPlistFormat(), plist, json]
        let sealedJSON = try json.encode(Samples.note), sealedPlist = try plist.encode(Samples.note)
        #expect(ArchiveFormatDetection.format(of: sealedJSON, among: candidates)?.identifier == "encrypted-test-json")
        let detected = ArchiveFormatDetection.format(of: sealedPlist, among: candidates)
        #expect(detected?.identifier == "encrypted-test-bplist")
        let plain = try MagicJSONFormat().encode(Samples.note)
        #expect(ArchiveFormatDetection.format(of: plain, among: candidates)?.identifier == "test-json")
    }

    @Test("an envelope whose header cannot be read is still recognised, so decoding says why")
    func unreadableHeaderIsRecognised() throws {
        var sealed = try Samples.format().encode(Samples.note)
        sealed[4] = 99
        #expect(Samples.format().recognizes(sealed))
        #expect(throws: CryptoCodingError.unsupportedVersion(99)) {
            try Samples.format().decode(Note.self, from: sealed)
        }
    }

    @Test("a password-provider format can be spelled with a leading dot too")
    func providerSpelling() throws {
        let format: EncryptedFormat = .encrypted(
            .testBinaryPlist, passwordProvider: { "pw" },
            keyDerivation: Samples.cheapKDF)
        #expect(try format.decode(Note.self, from: try format.encode(Samples.note)) == Samples.note)
    }
}
