import CLibCrypto
import Foundation

/// The four keys a store file uses, derived from one 32-byte root key (the key file's master
/// key or the scrypt output) with HMAC-SHA256 under distinct labels, so no key serves two jobs.
struct KeychainKeys: Sendable {
    /// Proves the root key is the right one before anything else is trusted.
    let check: [UInt8]
    /// Turns service and item names into the opaque tags the file stores instead of the names.
    let index: [UInt8]
    /// Authenticates the whole file (entry list, order, count, header).
    let fileMAC: [UInt8]
    /// Encrypts names and values with AES-256-GCM.
    let seal: [UInt8]

    static let rootKeyLength = 32

    init(rootKey: [UInt8]) throws {
        check = try KeychainCrypto.hmac(key: rootKey, Array("keychain-store v1 key check".utf8))
        index = try KeychainCrypto.hmac(key: rootKey, Array("keychain-store v1 name index".utf8))
        fileMAC = try KeychainCrypto.hmac(key: rootKey, Array("keychain-store v1 file mac".utf8))
        seal = try KeychainCrypto.hmac(key: rootKey, Array("keychain-store v1 item seal".utf8))
    }

    /// The 32 bytes the header stores to recognise this root key.
    func keyCheckValue() throws -> [UInt8] {
        try KeychainCrypto.hmac(key: check, Array("keychain-store key check".utf8))
    }

    /// The tag that finds the item `key` of `service` without storing either name.
    func lookupTag(service: String, key: String) throws -> [UInt8] {
        var message: [UInt8] = [1]
        KeychainCrypto.appendLengthPrefixed(service, to: &message)
        KeychainCrypto.appendLengthPrefixed(key, to: &message)
        return try KeychainCrypto.hmac(key: index, message)
    }

    /// The tag shared by every item of `service`, so `allKeys()` finds them without names.
    func serviceTag(service: String) throws -> [UInt8] {
        var message: [UInt8] = [2]
        KeychainCrypto.appendLengthPrefixed(service, to: &message)
        return try KeychainCrypto.hmac(key: index, message)
    }
}

/// The associated data that binds a sealed box to its place: a value to its service and key,
/// a name to its service.
enum SealContext {
    static func value(service: String, key: String) -> [UInt8] {
        var bytes = Array("keychain-store v1 value".utf8)
        KeychainCrypto.appendLengthPrefixed(service, to: &bytes)
        KeychainCrypto.appendLengthPrefixed(key, to: &bytes)
        return bytes
    }

    static func name(service: String) -> [UInt8] {
        var bytes = Array("keychain-store v1 name".utf8)
        KeychainCrypto.appendLengthPrefixed(service, to: &bytes)
        return bytes
    }
}

/// Thin Swift calls into CLibCrypto's shared helpers (AES-256-GCM, scrypt, random bytes) and
/// libcrypto's one-shot HMAC.
enum KeychainCrypto {
    static let macLength = 32

    static func appendLengthPrefixed(_ text: String, to bytes: inout [UInt8]) {
        let utf8 = Array(text.utf8)
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: utf8.count).bigEndian) { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: utf8)
    }

    static func hmac(key: [UInt8], _ message: [UInt8]) throws -> [UInt8] {
        var output = [UInt8](repeating: 0, count: macLength)
        var length: UInt32 = 0
        let result = key.withUnsafeBytes { keyBytes in
            message.withUnsafeBytes { messageBytes in
                HMAC(
                    EVP_sha256(), keyBytes.baseAddress, Int32(keyBytes.count),
                    messageBytes.baseAddress?.assumingMemoryBound(to: UInt8.self), messageBytes.count,
                    &output, &length)
            }
        }
        guard result != nil, length == macLength else { throw KeychainStoreError.cryptoFailure(operation: "HMAC") }
        return output
    }

    /// Compares two MACs in constant time.
    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in CRYPTO_memcmp(x.baseAddress, y.baseAddress, a.count) == 0 }
        }
    }

    static func randomBytes(_ count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        guard clibcrypto_random_bytes(&bytes, count) == 1 else {
            throw KeychainStoreError.cryptoFailure(operation: "generating random bytes")
        }
        return bytes
    }

    /// Encrypts `plaintext` under a fresh random nonce, authenticating `context`.
    static func seal(_ plaintext: [UInt8], key: [UInt8], context: [UInt8]) throws -> SealedBox {
        let nonce = try randomBytes(Int(CLIBCRYPTO_AES256GCM_NONCE_LENGTH))
        var ciphertext = [UInt8](repeating: 0, count: plaintext.count)
        var tag = [UInt8](repeating: 0, count: Int(CLIBCRYPTO_AES256GCM_TAG_LENGTH))
        let ok = ciphertext.withUnsafeMutableBufferPointer { output in
            clibcrypto_aes256gcm_seal(
                key, nonce, context, context.count, plaintext, plaintext.count,
                output.baseAddress, &tag)
        }
        guard ok == 1 else { throw KeychainStoreError.cryptoFailure(operation: "encrypting an item") }
        return SealedBox(nonce: nonce, ciphertext: ciphertext, tag: tag)
    }

    /// Decrypts `box`, or returns `nil` when its tag does not match `key` and `context`.
    static func open(_ box: SealedBox, key: [UInt8], context: [UInt8]) throws -> [UInt8]? {
        var plaintext = [UInt8](repeating: 0, count: box.ciphertext.count)
        let result = plaintext.withUnsafeMutableBufferPointer { output in
            clibcrypto_aes256gcm_open(
                key, box.nonce, context, context.count, box.ciphertext, box.ciphertext.count,
                box.tag, output.baseAddress)
        }
        switch result {
        case Int32(CLIBCRYPTO_OPEN_OK):
            return plaintext
        case Int32(CLIBCRYPTO_OPEN_AUTHENTICATION_FAILED):
            clibcrypto_cleanse(&plaintext, plaintext.count)
            return nil
        default:
            throw KeychainStoreError.cryptoFailure(operation: "decrypting an item")
        }
    }

    /// The 32-byte root key scrypt derives from `passphrase` and `salt`, after checking the caps.
    static func deriveRootKey(
        passphrase: String, salt: [UInt8], parameters: ScryptParameters,
        path: String
    ) throws -> [UInt8] {
        if let problem = parameters.problem {
            throw KeychainStoreError.unsafeKeyDerivation(path: path, reason: problem)
        }
        var key = [UInt8](repeating: 0, count: KeychainKeys.rootKeyLength)
        var password = Array(passphrase.utf8)
        defer { clibcrypto_cleanse(&password, password.count) }
        let ok = password.withUnsafeBufferPointer { passwordBytes in
            passwordBytes.withMemoryRebound(to: CChar.self) { chars in
                clibcrypto_scrypt(
                    chars.baseAddress, chars.count, salt, salt.count,
                    UInt64(1) << UInt64(parameters.log2N), UInt64(parameters.r), UInt64(parameters.p),
                    parameters.libcryptoMemoryBound, &key, key.count)
            }
        }
        guard ok == 1 else { throw KeychainStoreError.cryptoFailure(operation: "deriving a key with \(parameters)") }
        return key
    }
}
