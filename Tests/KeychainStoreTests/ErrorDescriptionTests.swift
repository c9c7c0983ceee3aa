import ArchiveTestSupport
import Foundation
import KeychainStore
import Testing

@Suite("KeychainStore errors read well as localizedDescription")
struct ErrorDescriptionTests {
    @Test("every KeychainStoreError case's localizedDescription holds its message")
    func everyCase() {
        let path = "/home/me/.store/keychain"
        let errors: [KeychainStoreError] = [
            .insecurePermissions(path: path, mode: 0o644, isDirectory: false),
            .symbolicLink(path: path),
            .notRegularFile(path: path),
            .notAKeychainFile(path: path),
            .unsupportedVersion(path: path, version: 9),
            .truncated(path: path, offset: 40),
            .malformed(path: path, offset: 41, reason: "item length past the end"),
            .tampered(path: path, reason: "checksum mismatch"),
            .wrongKeyFile(path: path, keyFile: path + ".key"),
            .wrongPassphrase(path: path),
            .passphraseRequired(path: path),
            .keyFileRequired(path: path),
            .keyFileMissing(path: path, keyFile: path + ".key"),
            .damagedKeyFile(path: path + ".key"),
            .unsafeKeyDerivation(path: path, reason: "N is not a power of two"),
            .fileTooLarge(path: path, size: 1 << 30, limit: 1 << 26),
            .itemTooLarge(key: "token", size: 1 << 25, limit: 1 << 24),
            .fileSystem(path: path, operation: "renaming", code: EACCES),
            .cryptoFailure(operation: "generating random bytes"),
        ]
        #expect(LocalizedErrorChecks.unreadable(errors) == [])
    }
}
