import CLibCrypto
import Foundation
import Testing

/// Proves the system-library target links against libcrypto and computes what the standards say.
@Suite("libcrypto known answers")
struct KnownAnswerTests {
    @Test("AES-256-GCM: McGrew & Viega test case 14 (zero key, zero IV, one zero block)")
    func aes256GCMEncrypts() throws {
        let key = [UInt8](repeating: 0, count: 32)
        let iv = [UInt8](repeating: 0, count: 12)
        let plaintext = [UInt8](repeating: 0, count: 16)

        let (ciphertext, tag) = try aesGCMSeal(key: key, iv: iv, plaintext: plaintext)

        #expect(hex(ciphertext) == "cea7403d4d606b6e074ec5d3baf39d18")
        #expect(hex(tag) == "d0d1c8a799996bf0265b98b5d48ab919")
    }

    @Test("AES-256-GCM refuses a tampered tag")
    func aes256GCMDetectsTampering() throws {
        let key = [UInt8](repeating: 7, count: 32)
        let iv = [UInt8](repeating: 1, count: 12)
        let (ciphertext, tag) = try aesGCMSeal(key: key, iv: iv, plaintext: Array("attack at dawn".utf8))

        #expect(try aesGCMOpen(key: key, iv: iv, ciphertext: ciphertext, tag: tag) == Array("attack at dawn".utf8))
        var forged = tag
        forged[0] ^= 1
        #expect(try aesGCMOpen(key: key, iv: iv, ciphertext: ciphertext, tag: forged) == nil)
    }

    @Test("PBKDF2-HMAC-SHA256: RFC 7914 §11 vectors")
    func pbkdf2SHA256() {
        #expect(
            hex(pbkdf2(password: "passwd", salt: Array("salt".utf8), iterations: 1, digest: EVP_sha256(), length: 64))
                == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"
        )
        #expect(
            hex(
                pbkdf2(
                    password: "Password", salt: Array("NaCl".utf8), iterations: 80_000, digest: EVP_sha256(), length: 64
                ))
                == "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d"
        )
    }

    @Test("PBKDF2-HMAC-SHA1: the legacy CryptoCoding key of shared/docs/cryptocoding-legacy.md §3")
    func pbkdf2SHA1LegacyCryptoCoding() {
        #expect(
            hex(pbkdf2(password: "secret", salt: Array(0...7), iterations: 1024, digest: EVP_sha1(), length: 16))
                == "3c3a0dd97602b850d84246db8ed4f404")
    }

    @Test("scrypt: RFC 7914 §12 vector (N=1024, r=8, p=16)")
    func scrypt() {
        var key = [UInt8](repeating: 0, count: 64)
        let password = Array("password".utf8), salt = Array("NaCl".utf8)
        let status = EVP_PBE_scrypt(
            password.map { CChar(bitPattern: $0) }, password.count, salt, salt.count,
            1024, 8, 16, 64 * 1024 * 1024, &key, key.count)
        #expect(status == 1)
        #expect(
            hex(key)
                == "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b3731622eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640"
        )
    }

    @Test("HMAC-SHA256: RFC 4231 test case 1")
    func hmacSHA256() {
        let key = [UInt8](repeating: 0x0B, count: 20), message = Array("Hi There".utf8)
        var mac = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        #expect(HMAC(EVP_sha256(), key, Int32(key.count), message, message.count, &mac, &length) != nil)
        #expect(
            hex(Array(mac.prefix(Int(length)))) == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    }

    @Test("RAND_bytes fills a buffer, differently each time")
    func randomBytes() {
        var first = [UInt8](repeating: 0, count: 32), second = [UInt8](repeating: 0, count: 32)
        #expect(RAND_bytes(&first, 32) == 1)
        #expect(RAND_bytes(&second, 32) == 1)
        #expect(first != second)
    }

    @Test("the loaded library reports an OpenSSL version")
    func version() {
        #expect(String(cString: clibcrypto_version()).hasPrefix("OpenSSL"))
    }
}

// MARK: - Helpers over the raw C API

private struct CryptoFailure: Error {
    let step: String
}

private func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
}

private func pbkdf2(password: String, salt: [UInt8], iterations: Int32, digest: OpaquePointer?, length: Int) -> [UInt8]
{
    var key = [UInt8](repeating: 0, count: length)
    let status = PKCS5_PBKDF2_HMAC(
        password, Int32(password.utf8.count), salt, Int32(salt.count),
        iterations, digest, Int32(length), &key)
    return status == 1 ? key : []
}

private func aesGCMSeal(key: [UInt8], iv: [UInt8], plaintext: [UInt8]) throws -> (ciphertext: [UInt8], tag: [UInt8]) {
    guard let context = EVP_CIPHER_CTX_new() else { throw CryptoFailure(step: "new context") }
    defer { EVP_CIPHER_CTX_free(context) }
    guard EVP_EncryptInit_ex(context, EVP_aes_256_gcm(), nil, nil, nil) == 1,
        clibcrypto_aead_set_iv_length(context, Int32(iv.count)) == 1,
        EVP_EncryptInit_ex(context, nil, nil, key, iv) == 1
    else { throw CryptoFailure(step: "init") }
    var ciphertext = [UInt8](repeating: 0, count: plaintext.count + 16)
    var written: Int32 = 0, finished: Int32 = 0
    guard EVP_EncryptUpdate(context, &ciphertext, &written, plaintext, Int32(plaintext.count)) == 1 else {
        throw CryptoFailure(step: "update")
    }
    let finalStatus = ciphertext.withUnsafeMutableBufferPointer {
        EVP_EncryptFinal_ex(context, $0.baseAddress! + Int(written), &finished)
    }
    guard finalStatus == 1 else { throw CryptoFailure(step: "final") }
    var tag = [UInt8](repeating: 0, count: 16)
    guard clibcrypto_aead_get_tag(context, &tag, 16) == 1 else { throw CryptoFailure(step: "tag") }
    return (Array(ciphertext.prefix(Int(written + finished))), tag)
}

/// Decrypts and authenticates; `nil` when the tag does not verify.
private func aesGCMOpen(key: [UInt8], iv: [UInt8], ciphertext: [UInt8], tag: [UInt8]) throws -> [UInt8]? {
    guard let context = EVP_CIPHER_CTX_new() else { throw CryptoFailure(step: "new context") }
    defer { EVP_CIPHER_CTX_free(context) }
    guard EVP_DecryptInit_ex(context, EVP_aes_256_gcm(), nil, nil, nil) == 1,
        clibcrypto_aead_set_iv_length(context, Int32(iv.count)) == 1,
        EVP_DecryptInit_ex(context, nil, nil, key, iv) == 1
    else { throw CryptoFailure(step: "init") }
    var plaintext = [UInt8](repeating: 0, count: ciphertext.count + 16)
    var written: Int32 = 0, finished: Int32 = 0
    guard EVP_DecryptUpdate(context, &plaintext, &written, ciphertext, Int32(ciphertext.count)) == 1,
        clibcrypto_aead_set_tag(context, tag, Int32(tag.count)) == 1
    else { throw CryptoFailure(step: "update") }
    let verified = plaintext.withUnsafeMutableBufferPointer {
        EVP_DecryptFinal_ex(context, $0.baseAddress! + Int(written), &finished)
    }
    return verified == 1 ? Array(plaintext.prefix(Int(written + finished))) : nil
}
