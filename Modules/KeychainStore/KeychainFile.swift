import Foundation

/// The structure of a store file (`<name>.keychain`), read without any key: header, sealed
/// items, checksum. Nothing here decrypts; ``KeychainStore`` authenticates and opens it.
///
/// Layout (integers big-endian), format version 1:
///
/// ```
/// "KSTORE" (6 bytes) · version (1) · protection (1: 1 key file, 2 passphrase)
/// [passphrase: salt length (1, 16...64) · salt · log2 N (1) · r (1) · p (1)]
/// key check (32) · item count (4)
/// item × count: lookup tag (32) · service tag (32) · sealed name · sealed value
///   sealed box: nonce (12) · length (4) · ciphertext (length) · GCM tag (16)
/// file checksum (32): HMAC-SHA256 of the store's name and every byte before it
/// ```
public struct KeychainFile: Equatable, Sendable {
    /// How a store file's key is obtained, as its header records it.
    public enum Protection: Equatable, Sendable {
        /// The folder's key file holds the key.
        case keyFile
        /// scrypt of a passphrase with `salt` and `parameters` gives the key.
        case passphrase(salt: [UInt8], parameters: ScryptParameters)
    }

    /// The first bytes of every store file.
    public static let magic = Array("KSTORE".utf8)
    /// The format version this build writes and reads.
    public static let version: UInt8 = 1
    /// The largest store file read, in bytes (512 MiB).
    public static let maximumFileSize = 512 << 20
    /// The largest sealed name or value, in bytes (16 MiB).
    public static let maximumItemSize = 16 << 20
    /// The most items a file may announce.
    public static let maximumItemCount = 1_000_000

    static let tagLength = 32
    static let nonceLength = 12
    static let gcmTagLength = 16
    static let saltLengths = 16...64
    static let boxOverhead = nonceLength + 4 + gcmTagLength
    static let entryMinimumSize = 2 * tagLength + 2 * boxOverhead

    /// How the file's key is obtained.
    public let protection: Protection
    let keyCheck: [UInt8]
    var entries: [KeychainFileEntry]
    let checksum: [UInt8]

    /// The number of items in the file (of every service sharing it).
    public var itemCount: Int { entries.count }

    init(protection: Protection, keyCheck: [UInt8], entries: [KeychainFileEntry], checksum: [UInt8] = []) {
        self.protection = protection
        self.keyCheck = keyCheck
        self.entries = entries
        self.checksum = checksum
    }

    /// Reads the structure of a store file.
    ///
    /// - Parameters:
    ///   - data: the whole file.
    ///   - path: named in errors.
    /// - Throws: ``KeychainStoreError`` `.notAKeychainFile`, `.unsupportedVersion`, `.truncated`,
    ///   `.malformed`, `.unsafeKeyDerivation` or `.fileTooLarge`, with the byte offset.
    public init(parsing data: Data, path: String = "(data)") throws {
        guard data.count <= Self.maximumFileSize else {
            throw KeychainStoreError.fileTooLarge(path: path, size: data.count, limit: Self.maximumFileSize)
        }
        var reader = KeychainFileReader(bytes: Array(data), path: path)
        guard reader.remaining >= Self.magic.count, try reader.bytes(Self.magic.count) == Self.magic else {
            throw KeychainStoreError.notAKeychainFile(path: path)
        }
        let version = try reader.byte()
        guard version == Self.version else {
            throw KeychainStoreError.unsupportedVersion(path: path, version: Int(version))
        }
        let protectionOffset = reader.offset
        switch try reader.byte() {
        case 1:
            protection = .keyFile
        case 2:
            let saltOffset = reader.offset
            let saltLength = Int(try reader.byte())
            guard Self.saltLengths.contains(saltLength) else {
                throw KeychainStoreError.malformed(
                    path: path, offset: saltOffset,
                    reason: "a salt of \(saltLength) bytes, outside \(Self.saltLengths)")
            }
            let salt = try reader.bytes(saltLength)
            let parameters = ScryptParameters(
                uncheckedLog2N: try reader.byte(), r: try reader.byte(), p: try reader.byte())
            if let problem = parameters.problem {
                throw KeychainStoreError.unsafeKeyDerivation(path: path, reason: problem)
            }
            protection = .passphrase(salt: salt, parameters: parameters)
        case let kind:
            throw KeychainStoreError.malformed(
                path: path, offset: protectionOffset, reason: "unknown protection kind \(kind)")
        }
        keyCheck = try reader.bytes(Self.tagLength)
        let countOffset = reader.offset
        let count = Int(try reader.uint32())
        guard count <= Self.maximumItemCount else {
            throw KeychainStoreError.malformed(
                path: path, offset: countOffset, reason: "\(count) items announced, more than \(Self.maximumItemCount)")
        }
        guard count <= reader.remaining / Self.entryMinimumSize else {
            throw KeychainStoreError.truncated(path: path, offset: data.count)
        }
        var entries: [KeychainFileEntry] = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            entries.append(
                KeychainFileEntry(
                    lookupTag: try reader.bytes(Self.tagLength),
                    serviceTag: try reader.bytes(Self.tagLength),
                    name: try reader.sealedBox(),
                    value: try reader.sealedBox()))
        }
        self.entries = entries
        checksum = try reader.bytes(Self.tagLength)
        guard reader.remaining == 0 else {
            throw KeychainStoreError.malformed(
                path: path, offset: reader.offset, reason: "\(reader.remaining) bytes after the checksum")
        }
    }

    /// Everything before the checksum, as written to disk.
    func body() -> [UInt8] {
        var out = Self.magic
        out.append(Self.version)
        switch protection {
        case .keyFile:
            out.append(1)
        case let .passphrase(salt, parameters):
            out.append(2)
            out.append(UInt8(salt.count))
            out.append(contentsOf: salt)
            out.append(contentsOf: [parameters.log2N, parameters.r, parameters.p])
        }
        out.append(contentsOf: keyCheck)
        Self.append(UInt32(entries.count), to: &out)
        for entry in entries {
            out.append(contentsOf: entry.lookupTag)
            out.append(contentsOf: entry.serviceTag)
            Self.append(entry.name, to: &out)
            Self.append(entry.value, to: &out)
        }
        return out
    }

    /// The file's bytes exactly as parsed (body and the checksum it came with).
    public func serialized() -> Data {
        Data(body() + checksum)
    }

    /// The checksum of `body` for the store named `storeName` (bound in, so a whole file
    /// copied over another store's file is detected).
    static func checksum(of body: [UInt8], storeName: String, keys: KeychainKeys) throws -> [UInt8] {
        var message: [UInt8] = []
        KeychainCrypto.appendLengthPrefixed(storeName, to: &message)
        message.append(contentsOf: body)
        return try KeychainCrypto.hmac(key: keys.fileMAC, message)
    }

    private static func append(_ value: UInt32, to out: inout [UInt8]) {
        withUnsafeBytes(of: value.bigEndian) { out.append(contentsOf: $0) }
    }

    private static func append(_ box: SealedBox, to out: inout [UInt8]) {
        out.append(contentsOf: box.nonce)
        append(UInt32(box.ciphertext.count), to: &out)
        out.append(contentsOf: box.ciphertext)
        out.append(contentsOf: box.tag)
    }
}

/// A bounds-checked cursor over a store file's bytes; reading past the end is `.truncated`.
struct KeychainFileReader {
    let bytes: [UInt8]
    let path: String
    private(set) var offset = 0

    init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    var remaining: Int { bytes.count - offset }

    mutating func bytes(_ count: Int) throws -> [UInt8] {
        guard count <= remaining else { throw KeychainStoreError.truncated(path: path, offset: bytes.count) }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    mutating func byte() throws -> UInt8 {
        try bytes(1)[0]
    }

    mutating func uint32() throws -> UInt32 {
        try bytes(4).reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func sealedBox() throws -> SealedBox {
        let nonce = try bytes(KeychainFile.nonceLength)
        let lengthOffset = offset
        let length = Int(try uint32())
        guard length <= KeychainFile.maximumItemSize else {
            throw KeychainStoreError.malformed(
                path: path, offset: lengthOffset,
                reason: "an item of \(length) bytes, more than \(KeychainFile.maximumItemSize)")
        }
        return SealedBox(nonce: nonce, ciphertext: try bytes(length), tag: try bytes(KeychainFile.gcmTagLength))
    }
}
