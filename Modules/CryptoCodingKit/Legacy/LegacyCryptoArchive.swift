import CLibCrypto
import Foundation

/// A file written by the original Objective-C CryptoCoding (version 2 layout), read only.
///
/// Those files are an NSKeyedArchiver archive of a `CryptoArchive` object whose `cypher` is the
/// inner keyed archive under AES-128-CBC, keyed by PBKDF2-HMAC-SHA1 with 1,024 iterations and
/// no MAC. This type reads the outer archive with a small local reader and returns the
/// decrypted inner archive's bytes; decode those with a keyed-archive format (e.g.
/// AutoCodingKit's `.keyedArchive`), then save them again with ``EncryptedFormat``.
///
/// The legacy layout cannot detect tampering, and a wrong password is noticed only when the
/// padding happens to be invalid (about 255 times in 256). Treat what it returns as untrusted.
public struct LegacyCryptoArchive: Sendable, Equatable {
    /// The Objective-C class name the file records for its root object, if any.
    public let className: String?
    /// The version the file records (2.0 for files of CryptoCoding 1.1; 0 when missing).
    public let version: Double
    let iv: Data
    let salt: Data
    let cypher: Data

    /// Reads the outer keyed archive of a legacy file.
    ///
    /// - Throws: ``CryptoCodingError/legacyArchiveMalformed(reason:)`` naming what is missing.
    public init(data: Data) throws {
        let plist = try LegacyBinaryPropertyList(data)
        guard case let .dictionary(keys, values) = try plist.object(plist.topObject) else {
            throw CryptoCodingError.legacyArchiveMalformed(reason: "the outer archive's top level is not a dictionary")
        }
        let top = try Self.fields(plist, keys: keys, values: values)
        guard case let .array(objects)? = try top["$objects"].map(plist.object),
            case let .dictionary(topKeys, topValues)? = try top["$top"].map(plist.object),
            case let .uid(rootUID)? = try Self.fields(plist, keys: topKeys, values: topValues)["root"]
                .map(plist.object),
            rootUID < objects.count
        else { throw CryptoCodingError.legacyArchiveMalformed(reason: "it is not a keyed archive with a root object") }
        let archive = KeyedObjects(plist: plist, objects: objects)
        let root = try archive.dictionary(at: rootUID, what: "the root object")
        // Foundation on Linux records Swift classes module-qualified ("App.CryptoArchive").
        let rootClass = try root["$class"].flatMap { try archive.className(of: $0) }
        guard let rootClass, rootClass == "CryptoArchive" || rootClass.hasSuffix(".CryptoArchive") else {
            throw CryptoCodingError.legacyArchiveMalformed(reason: "its root object is not a CryptoArchive")
        }
        iv = try archive.data(root["iv"], what: "iv") ?? Data()
        salt = try archive.data(root["salt"], what: "salt") ?? Data()
        cypher = try archive.data(root["cypher"], what: "cypher") ?? Data()
        className = try archive.string(root["className"])
        version = try archive.number(root["version"]) ?? 0
        guard iv.count == 16, salt.count == 8, !cypher.isEmpty else {
            throw CryptoCodingError.legacyArchiveMalformed(
                reason: "iv (\(iv.count) bytes, needs 16), salt (\(salt.count), needs 8) "
                    + "or cypher (\(cypher.count)) is missing")
        }
    }

    /// Decrypts the inner archive: PBKDF2-HMAC-SHA1 (1,024 iterations, 16 bytes) of the UTF-8
    /// password and AES-128-CBC with PKCS#7 padding.
    ///
    /// - Throws: ``CryptoCodingError/legacyVersionUnsupported(version:)`` for 1.x (MD5 keys) and
    ///   3 or later; ``CryptoCodingError/legacyDecryptionFailed`` for a wrong password or damage.
    public func decryptedInnerArchive(password: String) throws -> Data {
        guard version == 0 || (version >= 2 && version < 3) else {
            throw CryptoCodingError.legacyVersionUnsupported(version: version)
        }
        let key = try Self.key(password: password, salt: Array(salt))
        var plaintext = [UInt8](repeating: 0, count: cypher.count + 16)
        var length = 0
        let status = key.withUnsafeBytes { key in
            cypher.withUnsafeBytes { cypher in
                clibcrypto_aes128cbc_decrypt(
                    key.baseAddress?.assumingMemoryBound(to: UInt8.self), Array(iv),
                    cypher.baseAddress?.assumingMemoryBound(to: UInt8.self), cypher.count, &plaintext, &length)
            }
        }
        guard status == 1 else { throw CryptoCodingError.legacyDecryptionFailed }
        return Data(plaintext.prefix(length))
    }

    /// The legacy v2 key: PBKDF2-HMAC-SHA1(password, salt, 1,024 iterations, 16 bytes).
    static func key(password: String, salt: [UInt8]) throws -> SecretBytes {
        try PasswordBytes.with(password) { password in
            try SecretBytes(count: 16) { key in
                guard let output = key.baseAddress?.assumingMemoryBound(to: UInt8.self),
                    clibcrypto_pbkdf2(
                        password.baseAddress?.assumingMemoryBound(to: CChar.self), password.count,
                        salt, salt.count, 1_024, EVP_sha1(), output, 16) == 1
                else { throw CryptoCodingError.cryptographyFailed(operation: "deriving the legacy key") }
            }
        }
    }

    private static func fields(
        _ plist: LegacyBinaryPropertyList, keys: [Int], values: [Int]
    ) throws -> [String: Int] {
        var fields: [String: Int] = [:]
        for (key, value) in zip(keys, values) {
            if case let .string(name) = try plist.object(key) { fields[name] = value }
        }
        return fields
    }

    /// The `$objects` of a keyed archive, with the few lookups a CryptoArchive needs.
    private struct KeyedObjects {
        let plist: LegacyBinaryPropertyList
        let objects: [Int]

        /// The object a field refers to: UIDs index `$objects`; `$null` (index 0) is `nil`.
        func resolve(_ reference: Int?) throws -> LegacyBinaryPropertyList.Object? {
            guard let reference else { return nil }
            let value = try plist.object(reference)
            guard case let .uid(uid) = value else { return value }
            guard uid != 0 else { return nil }
            guard uid < objects.count else {
                throw CryptoCodingError.legacyArchiveMalformed(
                    reason: "UID \(uid) is past the \(objects.count) objects")
            }
            return try plist.object(objects[uid])
        }

        func dictionary(at uid: Int, what: String) throws -> [String: Int] {
            guard case let .dictionary(keys, values) = try plist.object(objects[uid]) else {
                throw CryptoCodingError.legacyArchiveMalformed(reason: "\(what) is not a dictionary")
            }
            return try LegacyCryptoArchive.fields(plist, keys: keys, values: values)
        }

        func className(of reference: Int) throws -> String? {
            guard case let .dictionary(keys, values)? = try resolve(reference) else { return nil }
            let fields = try LegacyCryptoArchive.fields(plist, keys: keys, values: values)
            guard case let .string(name)? = try fields["$classname"].map(plist.object) else { return nil }
            return name
        }

        /// A data field: bare data, or an NSData/NSMutableData object holding `NS.data`.
        func data(_ reference: Int?, what: String) throws -> Data? {
            switch try resolve(reference) {
            case nil: return nil
            case let .data(data)?: return data
            case let .dictionary(keys, values)?:
                let inner = try LegacyCryptoArchive.fields(plist, keys: keys, values: values)["NS.data"]
                guard case let .data(data)? = try resolve(inner) else {
                    throw CryptoCodingError.legacyArchiveMalformed(reason: "\(what) has no NS.data")
                }
                return data
            default:
                throw CryptoCodingError.legacyArchiveMalformed(reason: "\(what) is not data")
            }
        }

        func string(_ reference: Int?) throws -> String? {
            switch try resolve(reference) {
            case let .string(string)?: return string
            case let .dictionary(keys, values)?:
                guard
                    case let .string(string)? = try resolve(
                        try LegacyCryptoArchive.fields(plist, keys: keys, values: values)["NS.string"])
                else { return nil }
                return string
            default: return nil
            }
        }

        func number(_ reference: Int?) throws -> Double? {
            switch try resolve(reference) {
            case let .real(value)?: return value
            case let .integer(value)?: return Double(value)
            default: return nil
            }
        }
    }
}
