import ArchiveTestSupport
import Foundation
import Testing

@testable import KeychainStore

@Suite("KeychainStore security")
struct SecurityTests {
    @Test("every file is 0600 in a 0700 folder, and the key file is made on first use")
    func privateFiles() throws {
        let folder = try StoreFolder()
        let store = folder.store()
        #expect(try store.data(forKey: "x") == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.directory.path), "reading creates nothing")
        try store.setString("v", forKey: "x")
        #expect(try StoreFolder.mode(folder.directory) == 0o700)
        let files = try folder.files()
        #expect(files.map(\.lastPathComponent) == ["com.example.app.keychain", "keychain.key", "keychain.lock"])
        for file in files { #expect(try StoreFolder.mode(file) == 0o600, "\(file.lastPathComponent)") }
        #expect(try Data(contentsOf: store.keyFileURL).count == 38)
    }

    @Test("no secret, item name or passphrase appears in plain text in any file")
    func nothingInPlainText() throws {
        let folder = try StoreFolder()
        try folder.store().setString("correct horse battery staple", forKey: "bank-login")
        let locked = folder.passphraseStore("open sesame passphrase", service: "locked")
        try locked.setString("tr0ub4dor-and-3", forKey: "vault-entry")
        for needle in ["correct horse", "bank-login", "tr0ub4dor", "vault-entry", "open sesame"] {
            #expect(try !folder.anyFileContains(needle), "\(needle)")
        }
    }

    @Test("each write seals with a fresh nonce: the same value twice gives different ciphertexts")
    func freshNonces() throws {
        let folder = try StoreFolder()
        let store = folder.store()
        try store.setString("same", forKey: "k")
        let first = try #require(try store.load()).file.entries[0]
        try store.setString("same", forKey: "k")
        let second = try #require(try store.load()).file.entries[0]
        #expect(first.value.nonce != second.value.nonce)
        #expect(first.value.ciphertext != second.value.ciphertext)
        #expect(first.name.nonce != second.name.nonce)
        #expect(first.lookupTag == second.lookupTag)
    }

    @Test("a value moved to another key is detected, even under a valid file checksum")
    func valueBoundToKey() throws {
        let folder = try StoreFolder()
        let store = folder.store()
        try store.setString("for a", forKey: "a")
        try store.setString("for b", forKey: "b")
        let before = try #require(try store.load()).file.entries
        try folder.forge(store) { entries in
            entries = before.enumerated().map { index, entry in
                KeychainFileEntry(
                    lookupTag: entry.lookupTag, serviceTag: entry.serviceTag, name: entry.name,
                    value: before[1 - index].value)
            }
        }
        #expect(
            throws: KeychainStoreError.tampered(
                path: store.fileURL.path, reason: "the item 'a' does not authenticate: it was altered or moved")
        ) {
            try store.data(forKey: "a")
        }
    }

    @Test("a value moved to another service sharing the file is detected, even under a valid checksum")
    func valueBoundToService() throws {
        let folder = try StoreFolder()
        let mail = folder.store("mail", accessGroup: "suite")
        let chat = folder.store("chat", accessGroup: "suite")
        try mail.setString("mail token", forKey: "token")
        try chat.setString("chat token", forKey: "token")
        let before = try #require(try mail.load()).file.entries
        try folder.forge(mail) { entries in
            entries = [
                KeychainFileEntry(
                    lookupTag: before[1].lookupTag, serviceTag: before[1].serviceTag,
                    name: before[1].name, value: before[0].value), before[0],
            ]
        }
        #expect(throws: KeychainStoreError.self) { try chat.data(forKey: "token") }
        #expect(try mail.string(forKey: "token") == "mail token")
    }

    @Test("swapping items in the file, or copying one store's file over another's, breaks the checksum")
    func fileChecksum() throws {
        let folder = try StoreFolder()
        let mail = folder.store("mail")
        let chat = folder.store("chat")
        try mail.setString("m", forKey: "token")
        try chat.setString("c", forKey: "token")
        try FileManager.default.removeItem(at: chat.fileURL)
        try FileManager.default.copyItem(at: mail.fileURL, to: chat.fileURL)
        #expect(
            throws: KeychainStoreError.tampered(
                path: chat.fileURL.path, reason: "the file checksum does not match its contents")
        ) {
            try chat.allKeys()
        }
    }

    @Test("tampered, truncated, wrong passphrase, wrong key file: distinct errors, and nothing is wiped")
    func distinctErrors() throws {
        let folder = try StoreFolder()
        let store = folder.store()
        try store.setString("v", forKey: "k")
        let good = try Data(contentsOf: store.fileURL)
        let path = store.fileURL.path

        var flipped = [UInt8](good)
        flipped[flipped.count / 2] ^= 0x80
        try Data(flipped).write(to: store.fileURL)
        let tampered = #expect(throws: KeychainStoreError.self) { try store.data(forKey: "k") }
        guard let tampered, case .tampered = tampered else {
            Issue.record("expected tampered, got \(String(describing: tampered))")
            return
        }
        #expect(throws: tampered) { try store.setString("new", forKey: "other") }
        #expect(try Data(contentsOf: store.fileURL) == Data(flipped), "a failed write leaves the file as it was")

        try good.prefix(good.count - 5).write(to: store.fileURL)
        #expect(throws: KeychainStoreError.truncated(path: path, offset: good.count - 5)) { try store.allKeys() }

        try good.write(to: store.fileURL)
        let originalKey = try Data(contentsOf: store.keyFileURL)
        try AtomicFile.write(
            Data(KeyFile.magic + [1] + [UInt8](repeating: 7, count: 32)), to: store.keyFileURL,
            permissions: 0o600)
        #expect(throws: KeychainStoreError.wrongKeyFile(path: path, keyFile: store.keyFileURL.path)) {
            try store.data(forKey: "k")
        }
        #expect(try Data(contentsOf: store.fileURL) == good)
        try AtomicFile.write(originalKey, to: store.keyFileURL, permissions: 0o600)
        #expect(try store.string(forKey: "k") == "v")

        let locked = folder.passphraseStore("right", service: "locked")
        try locked.setString("secret", forKey: "k")
        let lockedBytes = try Data(contentsOf: locked.fileURL)
        let wrong = folder.passphraseStore("wrong", service: "locked")
        #expect(throws: KeychainStoreError.wrongPassphrase(path: locked.fileURL.path)) { try wrong.data(forKey: "k") }
        #expect(throws: KeychainStoreError.wrongPassphrase(path: locked.fileURL.path)) {
            try wrong.setString("x", forKey: "k")
        }
        #expect(try Data(contentsOf: locked.fileURL) == lockedBytes)
        #expect(try folder.passphraseStore("right", service: "locked").string(forKey: "k") == "secret")
    }

    @Test("a store opened with the other kind of unlock says which one it needs")
    func unlockMismatch() throws {
        let folder = try StoreFolder()
        try folder.passphraseStore("p", service: "locked").setString("v", forKey: "k")
        try folder.store("plain").setString("v", forKey: "k")
        let lockedPath = folder.store("locked").fileURL.path
        #expect(throws: KeychainStoreError.passphraseRequired(path: lockedPath)) {
            try folder.store("locked").data(forKey: "k")
        }
        let plainPath = folder.store("plain").fileURL.path
        #expect(throws: KeychainStoreError.keyFileRequired(path: plainPath)) {
            try folder.passphraseStore("p", service: "plain").data(forKey: "k")
        }
    }

    @Test("the passphrase header records scrypt parameters and a random salt per store")
    func passphraseHeader() throws {
        let folder = try StoreFolder()
        let first = folder.passphraseStore("same", service: "one")
        let second = folder.passphraseStore("same", service: "two")
        try first.setString("v", forKey: "k")
        try second.setString("v", forKey: "k")
        let one = try KeychainFile(parsing: Data(contentsOf: first.fileURL))
        let two = try KeychainFile(parsing: Data(contentsOf: second.fileURL))
        guard case let .passphrase(saltOne, parameters) = one.protection,
            case let .passphrase(saltTwo, _) = two.protection
        else {
            Issue.record("expected passphrase headers"); return
        }
        #expect(parameters == StoreFolder.fastParameters)
        #expect(saltOne.count == 32)
        #expect(saltOne != saltTwo)
        #expect(!FileManager.default.fileExists(atPath: first.keyFileURL.path), "a passphrase store needs no key file")
    }

    @Test("scrypt parameters beyond the caps are refused, from the caller and from a file header")
    func kdfCaps() throws {
        #expect(throws: KeychainStoreError.self) { try ScryptParameters(log2N: 21, r: 8, p: 1) }
        #expect(throws: KeychainStoreError.self) { try ScryptParameters(log2N: 9, r: 8, p: 1) }
        #expect(throws: KeychainStoreError.self) { try ScryptParameters(log2N: 14, r: 17, p: 1) }
        #expect(throws: KeychainStoreError.self) { try ScryptParameters(log2N: 14, r: 8, p: 5) }
        #expect(throws: KeychainStoreError.self) { try ScryptParameters(log2N: 20, r: 16, p: 1) }  // 2 GiB
        #expect(try ScryptParameters(log2N: 20, r: 8, p: 1).memory <= ScryptParameters.maximumMemory)

        let folder = try StoreFolder()
        let store = folder.passphraseStore("p")
        try FileManager.default.createDirectory(
            at: folder.directory, withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o700])
        let hostile = KeychainFile(
            protection: .passphrase(
                salt: [UInt8](repeating: 1, count: 16),
                parameters: ScryptParameters(uncheckedLog2N: 30, r: 255, p: 255)),
            keyCheck: [UInt8](repeating: 0, count: 32), entries: [])
        try AtomicFile.write(
            Data(hostile.body() + [UInt8](repeating: 0, count: 32)), to: store.fileURL,
            permissions: 0o600)
        let error = #expect(throws: KeychainStoreError.self) { try store.data(forKey: "k") }
        guard case .unsafeKeyDerivation? = error else { Issue.record("got \(String(describing: error))"); return }
    }

    @Test("a missing key file is not silently replaced while a store depends on it")
    func missingKeyFile() throws {
        let folder = try StoreFolder()
        let store = folder.store()
        try store.setString("v", forKey: "k")
        let storeBytes = try Data(contentsOf: store.fileURL)
        try FileManager.default.removeItem(at: store.keyFileURL)
        let expected = KeychainStoreError.keyFileMissing(path: store.fileURL.path, keyFile: store.keyFileURL.path)
        #expect(throws: expected) { try store.data(forKey: "k") }
        #expect(throws: expected) { try store.setString("w", forKey: "k") }
        #expect(throws: expected) { try folder.store("other service").setString("w", forKey: "k") }
        #expect(!FileManager.default.fileExists(atPath: store.keyFileURL.path))
        #expect(try Data(contentsOf: store.fileURL) == storeBytes)
    }

    @Test(
        "store, key and lock files that group or others can read or write are refused, naming the fix",
        arguments: ["com.example.app.keychain", "keychain.key", "keychain.lock"])
    func openPermissions(_ name: String) throws {
        let folder = try StoreFolder()
        let store = folder.store()
        try store.setString("v", forKey: "k")
        let file = folder.directory.appendingPathComponent(name)
        for mode in [0o644, 0o620, 0o604, 0o660] {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
            let expected = KeychainStoreError.insecurePermissions(
                path: file.path, mode: UInt16(mode), isDirectory: false)
            #expect(throws: expected) { try store.setString("w", forKey: "k") }
            if name != "keychain.lock" {
                #expect(throws: expected) { try store.data(forKey: "k") }
            }
            #expect(expected.description.contains("chmod 600 '\(file.path)'"))
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        #expect(try store.string(forKey: "k") == "v")
    }

    @Test("a folder that group or others can use is refused with the chmod 700 fix")
    func openFolder() throws {
        let folder = try StoreFolder()
        let store = folder.store()
        try store.setString("v", forKey: "k")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.directory.path)
        let expected = KeychainStoreError.insecurePermissions(
            path: folder.directory.path, mode: 0o755, isDirectory: true)
        #expect(throws: expected) { try store.data(forKey: "k") }
        #expect(throws: expected) { try store.setString("w", forKey: "k") }
        #expect(expected.description.contains("chmod 700"))
    }

    @Test(
        "symbolically linked store, key and lock files are refused",
        arguments: ["com.example.app.keychain", "keychain.key", "keychain.lock"])
    func symbolicLinks(_ name: String) throws {
        let folder = try StoreFolder()
        let store = folder.store()
        try store.setString("v", forKey: "k")
        let file = folder.directory.appendingPathComponent(name)
        let elsewhere = folder.temporary.file("elsewhere")
        try FileManager.default.moveItem(at: file, to: elsewhere)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: elsewhere)
        let expected = KeychainStoreError.symbolicLink(path: file.path)
        #expect(throws: expected) { try store.setString("w", forKey: "k") }
        if name != "keychain.lock" {
            #expect(throws: expected) { try store.data(forKey: "k") }
        }
        #expect(expected.description.contains("symbolic link"))
        let target = try FileManager.default.destinationOfSymbolicLink(atPath: file.path)
        #expect(target == elsewhere.path, "the link is left alone")
    }
}
