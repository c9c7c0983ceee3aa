import ArchiveTestSupport
import CryptoCodingKit
import FastCodingKit
import Foundation
import Testing

/// Encrypted files: the password comes from the environment (or a terminal), never argv.
@Suite("archive-tool on encrypted archives")
struct EncryptionTests {
    static let password = "correct horse battery staple"

    private func encryptedFile(in folder: TemporaryDirectory) throws -> URL {
        let inner = try FastCoder.data(
            with: .reference(
                FastReference(
                    .object(
                        className: "Note",
                        properties: [
                            FastProperty("text", .string("meet at noon"))
                        ]))))
        // A cheap key derivation keeps the test fast; the tool reads whatever the header says.
        let data = try inner.encrypted(password: Self.password, keyDerivation: .pbkdf2SHA256(iterations: 1_000))
        let file = folder.url.appendingPathComponent("note.enc")
        try data.write(to: file)
        return file
    }

    @Test("--password-env NAME decrypts and inspects the archive inside")
    func decrypts() throws {
        let folder = try TemporaryDirectory()
        let file = try encryptedFile(in: folder)
        let result = try ArchiveToolRun.run(
            ["inspect", file.path, "--password-env", "NOTE_PASSWORD"],
            environment: ["NOTE_PASSWORD": Self.password])
        try #require(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.hasPrefix("encrypted ("))
        #expect(result.output.contains("fastcoding archive"))
        #expect(result.output.contains("Note {"))
        #expect(result.output.contains("text: \"meet at noon\""))
        #expect(!result.output.contains(Self.password))
    }

    @Test("CryptoTodoList's own file (a BaseModelKit plist inside the envelope) inspects with its password")
    func cryptoTodoListFile() throws {
        let home = try TemporaryDirectory(prefix: "archive-tool-crypto")
        let environment = [
            "HOME": home.url.path, "XDG_DATA_HOME": home.file("data").path,
            "XDG_CONFIG_HOME": home.file("config").path, "TODO_PASSWORD": Self.password,
        ]
        let added = try BuiltExecutable("CryptoTodoList").run(["add", "buy oat milk"], environment: environment)
        try #require(added.status == 0, "\(added.errorOutput)")
        let file = home.file("data/CryptoTodoList/TodoList.enc")
        // An encrypted file is still a secret's only guard against guessing: owner-only.
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)

        let result = try ArchiveToolRun.run(
            ["inspect", file.path, "--password-env", "TODO_PASSWORD"], environment: environment)
        try #require(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.hasPrefix("encrypted ("))
        #expect(result.output.contains("\"buy oat milk\""))
        let wrong = try ArchiveToolRun.run(
            ["inspect", file.path, "--password-env", "TODO_PASSWORD"], environment: ["TODO_PASSWORD": "wrong"])
        ArchiveToolRun.expectCleanFailure(wrong, "wrong password")
    }

    @Test("a wrong password, an unset variable or no password at all give one line and exit 1")
    func refuses() throws {
        let folder = try TemporaryDirectory()
        let file = try encryptedFile(in: folder)
        let wrong = ArchiveToolRun.expectCleanFailure(
            try ArchiveToolRun.run(
                ["inspect", file.path, "--password-env", "NOTE_PASSWORD"],
                environment: ["NOTE_PASSWORD": "wrong"]), "wrong password")
        #expect(wrong.contains("cannot decrypt"))
        let unset = ArchiveToolRun.expectCleanFailure(
            try ArchiveToolRun.run(["inspect", file.path, "--password-env", "ARCHIVE_TOOL_UNSET_VARIABLE"]), "unset")
        #expect(unset.contains("ARCHIVE_TOOL_UNSET_VARIABLE"))
        // Standard input is a file here, not a terminal, so there is nobody to ask.
        let none = ArchiveToolRun.expectCleanFailure(try ArchiveToolRun.run(["inspect", file.path]), "no password")
        #expect(none.contains("--password-env"))
    }
}
