import ArchiveTestSupport
import Foundation

@testable import KeychainStore

/// A temporary folder with a store folder inside it, and helpers to look at the files.
final class StoreFolder: Sendable {
    let temporary: TemporaryDirectory
    /// The folder the stores use (created by the store, 0700).
    let directory: URL

    /// Cheap scrypt parameters, so passphrase tests stay fast (production uses `.recommended`).
    static let fastParameters = ScryptParameters(uncheckedLog2N: 10, r: 8, p: 1)

    init() throws {
        temporary = try TemporaryDirectory(prefix: "keychain-tests")
        directory = temporary.url.appendingPathComponent("store", isDirectory: true)
    }

    func store(
        _ service: String = "com.example.app", accessGroup: String? = nil,
        unlock: KeychainUnlock = .keyFile
    ) -> KeychainStore {
        KeychainStore(service: service, accessGroup: accessGroup, directory: directory, unlock: unlock)
    }

    func passphraseStore(_ passphrase: String, service: String = "com.example.app") -> KeychainStore {
        store(service, unlock: .passphrase(passphrase, parameters: Self.fastParameters))
    }

    /// Every file in the store folder, sorted by name.
    func files() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted().map {
            directory.appendingPathComponent($0)
        }
    }

    /// The permission bits of `url`.
    static func mode(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.posixPermissions] as? Int) ?? -1
    }

    /// Whether `needle` occurs anywhere in the bytes of any file in the folder.
    func anyFileContains(_ needle: String) throws -> Bool {
        let bytes = Array(needle.utf8)
        return try files().contains { file in
            let data = [UInt8](try Data(contentsOf: file))
            guard data.count >= bytes.count else { return false }
            return (0...(data.count - bytes.count)).contains { data[$0..<$0 + bytes.count].elementsEqual(bytes) }
        }
    }

    /// Rewrites `store`'s file after `change`, with a valid checksum: what an attacker who
    /// could forge the file checksum would produce, to test the per-item protection beneath it.
    func forge(_ store: KeychainStore, _ change: (inout [KeychainFileEntry]) -> Void) throws {
        guard let (file, keys) = try store.load() else { throw CocoaError(.fileNoSuchFile) }
        var entries = file.entries
        change(&entries)
        let body = KeychainFile(protection: file.protection, keyCheck: file.keyCheck, entries: entries).body()
        let checksum = try KeychainFile.checksum(of: body, storeName: store.storeName, keys: keys)
        try AtomicFile.write(Data(body + checksum), to: store.fileURL, permissions: 0o600)
    }
}
