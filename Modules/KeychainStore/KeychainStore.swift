// KeychainStore builds on CodingCore's protocols; importing the kit makes them available too.
@_exported import CodingCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An encrypted, file-based `SecretStore`: the Swift face of FXKeychain for systems without
/// a keychain a library can rely on.
///
/// Items live in one file per service (or per access group) in a private folder; each value
/// is sealed with AES-256-GCM under a fresh nonce, bound to its service and key. The key comes
/// from the folder's key file (made on first use) or, opt-in, from a passphrase through scrypt.
/// Every change is one read-modify-write under an exclusive lock on the folder's lock file,
/// written with `AtomicFile`, so threads and processes can share a store.
///
/// ```swift
/// let store = KeychainStore(service: "com.example.mail")
/// try store.setString("hunter2", forKey: "imap-password")
/// let password = try store.string(forKey: "imap-password")
/// ```
public struct KeychainStore: SecretStore {
    /// The service whose items this store reads and writes (FXKeychain's `service`).
    public let service: String
    /// The group sharing one file between several services, or `nil` for a file of its own.
    public let accessGroup: String?
    /// The folder holding the store, key and lock files.
    public let directory: URL
    /// How the encryption key is obtained.
    public let unlock: KeychainUnlock
    let state = KeychainStoreState()

    /// A store for `service` in `directory`.
    ///
    /// Nothing is read or created until the first call.
    /// - Parameters:
    ///   - service: names the items' owner; items of other services are invisible to this store.
    ///   - accessGroup: when given, the store file is `<accessGroup>.keychain`, shared by every
    ///     service opened with the same group (one file, one lock); each service still sees only
    ///     its own items, and ``allKeys()`` and ``removeAll()`` touch only those.
    ///   - directory: the folder, created 0700 on the first write; by default
    ///     ``defaultDirectory(environment:)``.
    ///   - unlock: the key file (default) or a passphrase.
    public init(
        service: String,
        accessGroup: String? = nil,
        directory: URL = KeychainStore.defaultDirectory(),
        unlock: KeychainUnlock = .keyFile
    ) {
        self.service = service
        self.accessGroup = accessGroup
        self.directory = directory
        self.unlock = unlock
    }

    /// The store of the running program: its name as the service, in the default folder.
    public static var `default`: KeychainStore {
        KeychainStore(service: ProcessInfo.processInfo.processName)
    }

    /// The per-user folder stores use by default: `$XDG_DATA_HOME/keychain-store` when that is
    /// set to an absolute path, else `~/.local/share/keychain-store` (Linux) or
    /// `~/Library/Application Support/keychain-store` (macOS).
    public static func defaultDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        UserDataDirectory.url(for: "keychain-store", environment: environment)
    }

    /// The store file: `<service or access group>.keychain`, the name made safe for a file name.
    public var fileURL: URL {
        directory.appendingPathComponent(Self.fileStem(storeName) + ".keychain")
    }

    /// The folder's master key file, `keychain.key` (used by ``KeychainUnlock/keyFile`` stores).
    public var keyFileURL: URL { directory.appendingPathComponent("keychain.key") }

    /// The folder's lock file, `keychain.lock`, locked around every change.
    public var lockFileURL: URL { directory.appendingPathComponent("keychain.lock") }

    var storeName: String { accessGroup ?? service }

    // MARK: SecretStore

    /// The value stored under `key`, or `nil` when there is none.
    ///
    /// Decrypts this one item only. - Throws: ``KeychainStoreError`` when the files are not
    /// private, the key is wrong, or the file or the item was tampered with or truncated.
    public func data(forKey key: String) throws -> Data? {
        guard let opened = try load() else { return nil }
        let tag = try opened.keys.lookupTag(service: service, key: key)
        guard let entry = opened.file.entries.first(where: { $0.lookupTag == tag }) else { return nil }
        return Data(try openValue(entry, key: key, keys: opened.keys))
    }

    /// Stores `data` under `key`, replacing what was there, in one atomic write.
    public func setData(_ data: Data, forKey key: String) throws {
        try Self.checkItemSize(data, forKey: key)
        try modify { entries, keys in
            let tag = try keys.lookupTag(service: service, key: key)
            entries.removeAll { $0.lookupTag == tag }
            entries.append(try entry(data, forKey: key, tag: tag, keys: keys))
            return true
        }
    }

    /// The value stored under `key`; when there is none, stores what `makeData` returns and
    /// returns that, as one step for every thread and process using the folder.
    ///
    /// The check and the write happen under the folder's `flock` (the lock every change takes),
    /// so when several processes start at once, each ready to make a new secret, exactly one
    /// stores its secret and every one of them returns that one. `makeData` runs at most once,
    /// only when `key` has no item, while the lock is held: it must not use a store of the
    /// same folder. When it throws, nothing is written. See <doc:CreatingSecretsOnce>.
    ///
    /// - Throws: ``KeychainStoreError`` as ``setData(_:forKey:)`` and ``data(forKey:)`` do;
    ///   the error of `makeData`.
    public func data(forKey key: String, storingIfAbsent makeData: () throws -> Data) throws -> Data {
        // Most calls find the item: they read without taking the lock.
        if let existing = try data(forKey: key) { return existing }
        var result = Data()
        try modify { entries, keys in
            let tag = try keys.lookupTag(service: service, key: key)
            if let existing = entries.first(where: { $0.lookupTag == tag }) {
                result = Data(try openValue(existing, key: key, keys: keys))
                return false
            }
            let data = try makeData()
            try Self.checkItemSize(data, forKey: key)
            entries.append(try entry(data, forKey: key, tag: tag, keys: keys))
            result = data
            return true
        }
        return result
    }

    /// Removes the item under `key`; removing a missing key succeeds and writes nothing.
    public func removeData(forKey key: String) throws {
        guard storeFileExists else { return }
        try modify { entries, keys in
            let tag = try keys.lookupTag(service: service, key: key)
            let count = entries.count
            entries.removeAll { $0.lookupTag == tag }
            return entries.count != count
        }
    }

    /// The keys of this service's items, sorted. Decrypts names only, never values.
    public func allKeys() throws -> [String] {
        guard let opened = try load() else { return [] }
        let serviceTag = try opened.keys.serviceTag(service: service)
        let context = SealContext.name(service: service)
        return try opened.file.entries.filter { $0.serviceTag == serviceTag }.map { entry in
            guard let name = try KeychainCrypto.open(entry.name, key: opened.keys.seal, context: context),
                let text = String(bytes: name, encoding: .utf8)
            else {
                throw KeychainStoreError.tampered(path: fileURL.path, reason: "an item's name does not authenticate")
            }
            return text
        }.sorted()
    }

    /// Removes every item of this service in one write (items of other services sharing an
    /// access group stay).
    public func removeAll() throws {
        guard storeFileExists else { return }
        try modify { entries, keys in
            let serviceTag = try keys.serviceTag(service: service)
            let count = entries.count
            entries.removeAll { $0.serviceTag == serviceTag }
            return entries.count != count
        }
    }

    // MARK: Reading and writing the file

    /// Whether anything (even a link) has the store file's name: removals without it write nothing.
    private var storeFileExists: Bool {
        var info = stat()
        return FileSystemPath(fileURL)?.withCString { lstat($0, &info) } == 0
    }

    /// The store file, authenticated, with its keys; `nil` when there is no store file yet.
    func load() throws -> (file: KeychainFile, keys: KeychainKeys)? {
        guard try PrivateFiles.checkFolder(directory),
            let data = try PrivateFiles.read(fileURL, limit: KeychainFile.maximumFileSize)
        else { return nil }
        let path = fileURL.path
        let file = try KeychainFile(parsing: data, path: path)
        let keys = try keys(for: file.protection)
        guard KeychainCrypto.equal(try keys.keyCheckValue(), file.keyCheck) else {
            switch file.protection {
            case .keyFile: throw KeychainStoreError.wrongKeyFile(path: path, keyFile: keyFileURL.path)
            case .passphrase: throw KeychainStoreError.wrongPassphrase(path: path)
            }
        }
        let body = [UInt8](data.dropLast(KeychainFile.tagLength))
        let expected = try KeychainFile.checksum(of: body, storeName: storeName, keys: keys)
        guard KeychainCrypto.equal(expected, file.checksum) else {
            throw KeychainStoreError.tampered(path: path, reason: "the file checksum does not match its contents")
        }
        return (file, keys)
    }

    /// Runs `change` on the entries under the folder's lock and writes the result atomically
    /// when `change` returns `true`.
    func modify(_ change: (inout [KeychainFileEntry], KeychainKeys) throws -> Bool) throws {
        try PrivateFiles.prepareFolder(directory)
        let lock = try PrivateFiles.lock(lockFileURL)
        defer { close(lock) }
        let file: KeychainFile
        let keys: KeychainKeys
        if let existing = try load() {
            (file, keys) = existing
        } else {
            (file, keys) = try newFile()
        }
        var entries = file.entries
        guard try change(&entries, keys) else { return }
        let body = KeychainFile(protection: file.protection, keyCheck: file.keyCheck, entries: entries).body()
        let checksum = try KeychainFile.checksum(of: body, storeName: storeName, keys: keys)
        try PrivateFiles.checkReplaceable(fileURL)
        do {
            try AtomicFile.write(Data(body + checksum), to: fileURL, permissions: 0o600)
        } catch let error as AtomicFileError {
            throw KeychainStoreError.fileSystem(path: error.path, operation: error.step.rawValue, code: error.code)
        }
        state.recordWrite()
    }

    /// An empty file with a new salt (passphrase) or the folder's key file, made if needed.
    private func newFile() throws -> (KeychainFile, KeychainKeys) {
        let protection: KeychainFile.Protection
        let keys: KeychainKeys
        switch unlock {
        case .keyFile:
            protection = .keyFile
            let rootKey: [UInt8]
            if let existing = try KeyFile.read(keyFileURL) {
                rootKey = existing
            } else {
                try refuseNewKeyIfStoresDependOnOldOne()
                rootKey = try KeyFile.create(keyFileURL)
            }
            keys = try KeychainKeys(rootKey: rootKey)
        case let .passphrase(passphrase, parameters):
            let salt = try KeychainCrypto.randomBytes(32)
            protection = .passphrase(salt: salt, parameters: parameters)
            keys = try state.keys(for: protection) {
                try KeychainKeys(
                    rootKey: KeychainCrypto.deriveRootKey(
                        passphrase: passphrase, salt: salt, parameters: parameters, path: fileURL.path))
            }
        }
        return (KeychainFile(protection: protection, keyCheck: try keys.keyCheckValue(), entries: []), keys)
    }

    /// A missing key file is only replaced when no store in the folder was locked with one.
    private func refuseNewKeyIfStoresDependOnOldOne() throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names.sorted() where name.hasSuffix(".keychain") {
            let url = directory.appendingPathComponent(name)
            guard let data = try? PrivateFiles.read(url, limit: KeychainFile.maximumFileSize),
                data.count > KeychainFile.magic.count + 1
            else { continue }
            let kind = data[data.startIndex + KeychainFile.magic.count + 1]
            if data.starts(with: KeychainFile.magic), kind == 1 {
                throw KeychainStoreError.keyFileMissing(path: url.path, keyFile: keyFileURL.path)
            }
        }
    }

    private func keys(for protection: KeychainFile.Protection) throws -> KeychainKeys {
        switch (protection, unlock) {
        case (.keyFile, .keyFile):
            guard let rootKey = try KeyFile.read(keyFileURL) else {
                throw KeychainStoreError.keyFileMissing(path: fileURL.path, keyFile: keyFileURL.path)
            }
            return try KeychainKeys(rootKey: rootKey)
        case let (.passphrase(salt, parameters), .passphrase(passphrase, _)):
            return try state.keys(for: protection) {
                try KeychainKeys(
                    rootKey: KeychainCrypto.deriveRootKey(
                        passphrase: passphrase, salt: salt, parameters: parameters, path: fileURL.path))
            }
        case (.passphrase, .keyFile):
            throw KeychainStoreError.passphraseRequired(path: fileURL.path)
        case (.keyFile, .passphrase):
            throw KeychainStoreError.keyFileRequired(path: fileURL.path)
        }
    }

    /// A new item: `data` under `key`, sealed.
    private func entry(_ data: Data, forKey key: String, tag: [UInt8], keys: KeychainKeys) throws -> KeychainFileEntry {
        KeychainFileEntry(
            lookupTag: tag,
            serviceTag: try keys.serviceTag(service: service),
            name: try KeychainCrypto.seal(
                Array(key.utf8), key: keys.seal, context: SealContext.name(service: service)),
            value: try KeychainCrypto.seal(
                Array(data), key: keys.seal, context: SealContext.value(service: service, key: key)))
    }

    private static func checkItemSize(_ data: Data, forKey key: String) throws {
        let size = max(data.count, key.utf8.count)
        guard size <= KeychainFile.maximumItemSize else {
            throw KeychainStoreError.itemTooLarge(
                key: String(key.prefix(80)), size: size, limit: KeychainFile.maximumItemSize)
        }
    }

    private func openValue(_ entry: KeychainFileEntry, key: String, keys: KeychainKeys) throws -> [UInt8] {
        let context = SealContext.value(service: service, key: key)
        guard let value = try KeychainCrypto.open(entry.value, key: keys.seal, context: context) else {
            throw KeychainStoreError.tampered(
                path: fileURL.path, reason: "the item '\(key)' does not authenticate: it was altered or moved")
        }
        return value
    }

    /// `name` with every byte outside `A-Z a-z 0-9 - _` and non-leading `.` percent-encoded,
    /// so any service or group name is one safe file name.
    static func fileStem(_ name: String) -> String {
        var stem = ""
        for (index, byte) in name.utf8.enumerated() {
            let alphanumeric =
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
                || (0x61...0x7A).contains(byte)
            let safe = alphanumeric || byte == 0x2D || byte == 0x5F || (byte == 0x2E && index > 0)
            stem += safe ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
        }
        return stem.isEmpty ? "%" : stem
    }
}
