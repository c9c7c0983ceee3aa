import Foundation

/// The folder's master key file, `keychain.key`: `"KSKEY"`, a version byte (1) and 32 random
/// bytes, mode 0600. Made once, on the first write to a key-file store in the folder.
enum KeyFile {
    static let magic = Array("KSKEY".utf8)
    static let version: UInt8 = 1
    static let size = magic.count + 1 + KeychainKeys.rootKeyLength

    /// The master key, or `nil` when the key file does not exist.
    static func read(_ url: URL) throws -> [UInt8]? {
        guard let data = try PrivateFiles.read(url, limit: 4096) else { return nil }
        let bytes = [UInt8](data)
        guard bytes.count == size, bytes.starts(with: magic), bytes[magic.count] == version else {
            throw KeychainStoreError.damagedKeyFile(path: url.path)
        }
        return Array(bytes[(magic.count + 1)...])
    }

    /// Writes a new random master key. Call with the folder's lock held, after checking that
    /// no existing store depends on a previous key.
    static func create(_ url: URL) throws -> [UInt8] {
        let key = try KeychainCrypto.randomBytes(KeychainKeys.rootKeyLength)
        try PrivateFiles.checkReplaceable(url)
        do {
            try AtomicFile.write(Data(magic + [version] + key), to: url, permissions: 0o600)
        } catch let error as AtomicFileError {
            throw KeychainStoreError.fileSystem(path: error.path, operation: error.step.rawValue, code: error.code)
        }
        return key
    }
}
