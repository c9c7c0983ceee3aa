/// The clear-text front of an encrypted archive; all of its bytes are the AEAD's associated data.
///
/// ```
/// offset   size  field
/// 0        4     magic "CCKE"
/// 4        1     version (1)
/// 5        1     KDF id: 1 scrypt, 2 PBKDF2-HMAC-SHA256
/// 6        k     KDF parameters, big-endian: scrypt log2(N) u8, r u32, p u32 (k = 9);
///                PBKDF2 iterations u32 (k = 4)
/// 6+k      16    salt
/// 22+k     12    nonce
/// 34+k     1     inner format identifier length m
/// 35+k     m     inner format identifier, UTF-8
/// 35+k+m   n     AES-256-GCM ciphertext (n = inner archive length)
/// end-16   16    GCM tag
/// ```
struct EnvelopeHeader: Equatable, Sendable {
    static let magic: [UInt8] = Array("CCKE".utf8)
    static let currentVersion: UInt8 = 1
    static let saltLength = 16
    static let nonceLength = 12
    static let tagLength = 16

    var keyDerivation: KeyDerivation
    var salt: [UInt8]
    var nonce: [UInt8]
    var innerIdentifier: String

    /// The header's bytes, exactly as written before the ciphertext.
    func bytes() throws -> [UInt8] {
        let identifier = Array(innerIdentifier.utf8)
        guard identifier.count <= 255 else {
            throw CryptoCodingError.innerFormatIdentifierTooLong(length: identifier.count)
        }
        var bytes = Self.magic
        bytes.reserveCapacity(48 + identifier.count)
        bytes.append(Self.currentVersion)
        bytes.append(keyDerivation.identifier)
        switch keyDerivation {
        case let .scrypt(log2N, r, p):
            bytes.append(log2N)
            Self.appendBigEndian(r, to: &bytes)
            Self.appendBigEndian(p, to: &bytes)
        case let .pbkdf2SHA256(iterations):
            Self.appendBigEndian(iterations, to: &bytes)
        }
        bytes += salt
        bytes += nonce
        bytes.append(UInt8(identifier.count))
        bytes += identifier
        return bytes
    }

    /// Whether `data` starts with the envelope magic.
    static func hasMagic(_ data: UnsafeRawBufferPointer) -> Bool {
        data.count >= magic.count && data.prefix(magic.count).elementsEqual(magic)
    }

    /// Reads a header from the front of `data`, checking its KDF parameters against `limits`
    /// and that a tag can follow. Returns the header and its length in bytes.
    static func parse(_ data: UnsafeRawBufferPointer, limits: KeyDerivationLimits) throws -> (Self, length: Int) {
        var reader = Reader(data: data)
        guard try reader.bytes(magic.count, "the magic").elementsEqual(magic) else {
            throw CryptoCodingError.notEncrypted
        }
        let version = try reader.byte("the version")
        guard version == currentVersion else { throw CryptoCodingError.unsupportedVersion(version) }
        let derivation: KeyDerivation
        switch try reader.byte("the key-derivation identifier") {
        case 1:
            let log2N = try reader.byte("the scrypt parameters")
            derivation = .scrypt(
                log2N: log2N, r: try reader.uint32("the scrypt parameters"),
                p: try reader.uint32("the scrypt parameters"))
        case 2:
            derivation = .pbkdf2SHA256(iterations: try reader.uint32("the PBKDF2 parameters"))
        case let id:
            throw CryptoCodingError.unknownKeyDerivation(id: id)
        }
        try limits.check(derivation)
        let salt = Array(try reader.bytes(saltLength, "the salt"))
        let nonce = Array(try reader.bytes(nonceLength, "the nonce"))
        let identifierLength = Int(try reader.byte("the inner format identifier length"))
        let identifierOffset = reader.offset
        let identifierBytes = try reader.bytes(identifierLength, "the inner format identifier")
        let identifier = String(decoding: identifierBytes, as: UTF8.self)
        guard identifier.utf8.elementsEqual(identifierBytes) else {
            throw CryptoCodingError.invalidInnerFormatIdentifier(offset: identifierOffset)
        }
        let length = reader.offset
        guard data.count - length >= tagLength else {
            throw CryptoCodingError.truncated(length: data.count, needed: length + tagLength, reading: "the tag")
        }
        return (Self(keyDerivation: derivation, salt: salt, nonce: nonce, innerIdentifier: identifier), length)
    }

    private static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// A bounds-checked cursor over the header bytes.
    private struct Reader {
        let data: UnsafeRawBufferPointer
        var offset = 0

        mutating func bytes(_ count: Int, _ what: String) throws -> UnsafeRawBufferPointer.SubSequence {
            guard data.count - offset >= count else {
                throw CryptoCodingError.truncated(length: data.count, needed: offset + count, reading: what)
            }
            defer { offset += count }
            return data[offset..<(offset + count)]
        }

        mutating func byte(_ what: String) throws -> UInt8 {
            try bytes(1, what).first ?? 0
        }

        mutating func uint32(_ what: String) throws -> UInt32 {
            try bytes(4, what).reduce(0) { $0 << 8 | UInt32($1) }
        }
    }
}
