import ArchiveTestSupport
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

    @Test("encrypted files are written owner-only (0600), even over a file others could read")
    func filePermissions() throws {
        let folder = try TemporaryDirectory()
        let format = Samples.format()
        #expect(format.holdsSecrets)
        #expect(!MagicJSONFormat().holdsSecrets)
        let file = folder.file("note.enc")
        try Data("old".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        try format.write(Samples.note, to: file)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
        #expect(try format.read(Note.self, from: file) == Samples.note)
        #expect(Data(try FileContents.read(from: file)).isEncryptedEnvelope)
        #expect(!Data("CCK".utf8).isEncryptedEnvelope)
    }

    @Test("a password-provider format can be spelled with a leading dot too")
    func providerSpelling() throws {
        let format: EncryptedFormat = .encrypted(
            .testBinaryPlist, passwordProvider: { "pw" },
            keyDerivation: Samples.cheapKDF)
        #expect(try format.decode(Note.self, from: try format.encode(Samples.note)) == Samples.note)
    }
}
