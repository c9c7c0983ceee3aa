import CLibCrypto
import CodingCore
import Foundation

/// A file written by the original Objective-C CryptoCoding (version 2 layout), read only.
///
/// Those files are an NSKeyedArchiver archive of a `CryptoArchive` object whose `cypher` is the
/// inner keyed archive under AES-128-CBC, keyed by PBKDF2-HMAC-SHA1 with 1,024 iterations and
/// no MAC. This type reads the outer archive with CodingCore's bounds-checked property-list
/// reader and returns the decrypted inner archive's bytes; decode those with a keyed-archive
/// format (e.g. AutoCodingKit's `.keyedArchive`), then save them again with ``EncryptedFormat``.
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
        let document = try Self.document(data)
        guard case let .dictionary(top) = document.objects[document.top] else {
            throw CryptoCodingError.legacyArchiveMalformed(reason: "the outer archive's top level is not a dictionary")
        }
        let fields = Self.fields(document, top)
        guard let objectsField = fields["$objects"], case let .array(objects) = document.objects[objectsField],
            let topField = fields["$top"], case let .dictionary(topDictionary) = document.objects[topField],
            let rootField = Self.fields(document, topDictionary)["root"],
            case let .uid(rootUID) = document.objects[rootField], rootUID < objects.count
        else { throw CryptoCodingError.legacyArchiveMalformed(reason: "it is not a keyed archive with a root object") }
        let archive = KeyedObjects(document: document, objects: objects)
        let root = try archive.dictionary(at: Int(rootUID), what: "the root object")
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

    /// The outer archive's property list, read by CodingCore's bounds-checked reader.
    private static func document(_ data: Data) throws -> PlistDocument {
        guard data.starts(with: BinaryPlistReader.magic) else {
            throw CryptoCodingError.legacyArchiveMalformed(reason: "the outer archive is not a binary property list")
        }
        do {
            return try BinaryPlistReader.document(data)
        } catch let error as PlistError {
            throw CryptoCodingError.legacyArchiveMalformed(
                reason: "the outer archive's property list is damaged at byte \(error.offset): \(error.reason)")
        }
    }

    /// The entries of `dictionary` by key (the reader checked that every key is a string).
    private static func fields(_ document: PlistDocument, _ dictionary: PlistDictionary) -> [String: Int] {
        var fields: [String: Int] = [:]
        for entry in 0..<dictionary.count {
            fields[document.key(entry, of: dictionary)] = document.value(entry, of: dictionary)
        }
        return fields
    }

    /// The `$objects` of a keyed archive, with the few lookups a CryptoArchive needs.
    private struct KeyedObjects {
        let document: PlistDocument
        let objects: PlistList

        /// The object a field refers to: UIDs index `$objects`; `$null` (index 0) is `nil`.
        func resolve(_ reference: Int?) throws -> PlistObject? {
            guard let reference else { return nil }
            let value = document.objects[reference]
            guard case let .uid(uid) = value else { return value }
            guard uid != 0 else { return nil }
            guard uid < objects.count else {
                throw CryptoCodingError.legacyArchiveMalformed(
                    reason: "UID \(uid) is past the \(objects.count) objects")
            }
            return document.objects[document.item(Int(uid), of: objects)]
        }

        func dictionary(at uid: Int, what: String) throws -> [String: Int] {
            guard case let .dictionary(dictionary) = document.objects[document.item(uid, of: objects)] else {
                throw CryptoCodingError.legacyArchiveMalformed(reason: "\(what) is not a dictionary")
            }
            return LegacyCryptoArchive.fields(document, dictionary)
        }

        func className(of reference: Int) throws -> String? {
            guard case let .dictionary(dictionary)? = try resolve(reference) else { return nil }
            return LegacyCryptoArchive.fields(document, dictionary)["$classname"].flatMap(document.string(at:))
        }

        /// A data field: bare data, or an NSData/NSMutableData object holding `NS.data`.
        func data(_ reference: Int?, what: String) throws -> Data? {
            switch try resolve(reference) {
            case nil: return nil
            case let .data(index)?: return document.data[Int(index)]
            case let .dictionary(dictionary)?:
                let inner = LegacyCryptoArchive.fields(document, dictionary)["NS.data"]
                guard case let .data(index)? = try resolve(inner) else {
                    throw CryptoCodingError.legacyArchiveMalformed(reason: "\(what) has no NS.data")
                }
                return document.data[Int(index)]
            default:
                throw CryptoCodingError.legacyArchiveMalformed(reason: "\(what) is not data")
            }
        }

        func string(_ reference: Int?) throws -> String? {
            switch try resolve(reference) {
            case let .dictionary(dictionary)?:
                return try resolve(LegacyCryptoArchive.fields(document, dictionary)["NS.string"]).flatMap(
                    document.string)
            case let object?: return document.string(object)
            case nil: return nil
            }
        }

        func number(_ reference: Int?) throws -> Double? {
            switch try resolve(reference) {
            case let .real(value, _)?: return value
            case let .integer(value, _)?: return Double(value)
            case let .unsignedInteger(value)?: return Double(value)
            default: return nil
            }
        }
    }
}
