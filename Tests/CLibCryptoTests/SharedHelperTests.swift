import CLibCrypto
import Testing

/// The shim's one-shot AEAD and KDF helpers, shared by CryptoCodingKit and KeychainStore.
@Suite("CLibCrypto shared helpers")
struct SharedHelperTests {
    @Test("seal: McGrew & Viega test case 14, and open gives the plaintext back")
    func sealAndOpenKnownAnswer() {
        let key = [UInt8](repeating: 0, count: 32), nonce = [UInt8](repeating: 0, count: 12)
        let plaintext = [UInt8](repeating: 0, count: 16)
        var ciphertext = [UInt8](repeating: 0, count: 16), tag = [UInt8](repeating: 0, count: 16)
        #expect(clibcrypto_aes256gcm_seal(key, nonce, nil, 0, plaintext, 16, &ciphertext, &tag) == 1)
        #expect(hex(ciphertext) == "cea7403d4d606b6e074ec5d3baf39d18")
        #expect(hex(tag) == "d0d1c8a799996bf0265b98b5d48ab919")

        var opened = [UInt8](repeating: 0xFF, count: 16)
        #expect(clibcrypto_aes256gcm_open(key, nonce, nil, 0, ciphertext, 16, tag, &opened) == CLIBCRYPTO_OPEN_OK)
        #expect(opened == plaintext)
    }

    @Test("associated data is authenticated: a changed byte fails to open")
    func associatedDataIsBound() {
        let key = [UInt8](repeating: 3, count: 32), nonce = [UInt8](repeating: 9, count: 12)
        let aad = Array("service/key".utf8), plaintext = Array("hunter2".utf8)
        var ciphertext = [UInt8](repeating: 0, count: plaintext.count), tag = [UInt8](repeating: 0, count: 16)
        #expect(
            clibcrypto_aes256gcm_seal(key, nonce, aad, aad.count, plaintext, plaintext.count, &ciphertext, &tag) == 1)

        var opened = [UInt8](repeating: 0, count: plaintext.count)
        #expect(
            clibcrypto_aes256gcm_open(key, nonce, aad, aad.count, ciphertext, ciphertext.count, tag, &opened)
                == CLIBCRYPTO_OPEN_OK)
        #expect(opened == plaintext)
        var otherAAD = aad
        otherAAD[0] ^= 1
        #expect(
            clibcrypto_aes256gcm_open(key, nonce, otherAAD, otherAAD.count, ciphertext, ciphertext.count, tag, &opened)
                == CLIBCRYPTO_OPEN_AUTHENTICATION_FAILED)
    }

    @Test("scrypt helper: RFC 7914 §12 vector (N=16, r=1, p=1, empty password and salt)")
    func scryptHelper() {
        var key = [UInt8](repeating: 0, count: 64)
        #expect(clibcrypto_scrypt("", 0, nil, 0, 16, 1, 1, 0, &key, 64) == 1)
        #expect(
            hex(key)
                == "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906"
        )
    }

    @Test("scrypt helper refuses a cost over its memory cap instead of allocating it")
    func scryptHelperMemoryCap() {
        var key = [UInt8](repeating: 0, count: 32)
        #expect(clibcrypto_scrypt("pw", 2, nil, 0, 1 << 20, 8, 1, 16 * 1024 * 1024, &key, 32) == 0)
    }

    @Test("PBKDF2 helper: RFC 7914 §11 PBKDF2-HMAC-SHA256 vector")
    func pbkdf2Helper() {
        var key = [UInt8](repeating: 0, count: 64)
        let salt = Array("salt".utf8)
        #expect(clibcrypto_pbkdf2("passwd", 6, salt, salt.count, 1, EVP_sha256(), &key, 64) == 1)
        #expect(
            hex(key)
                == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"
        )
    }

    @Test("random bytes differ between calls")
    func randomBytes() {
        var first = [UInt8](repeating: 0, count: 32), second = [UInt8](repeating: 0, count: 32)
        #expect(clibcrypto_random_bytes(&first, 32) == 1)
        #expect(clibcrypto_random_bytes(&second, 32) == 1)
        #expect(first != second)
    }

    @Test("HMAC-SHA256 helper: RFC 4231 test case 2")
    func hmacHelper() {
        let key = Array("Jefe".utf8), data = Array("what do ya want for nothing?".utf8)
        var mac = [UInt8](repeating: 0, count: 32)
        #expect(clibcrypto_hmac_sha256(key, key.count, data, data.count, &mac) == 1)
        #expect(hex(mac) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test("AES-128-CBC decrypt helper: the legacy CryptoCoding vector, and a wrong key's bad padding")
    func aes128CBCDecryptHelper() {
        let key = bytes("3c3a0dd97602b850d84246db8ed4f404"), iv = bytes("101112131415161718191a1b1c1d1e1f")
        let ciphertext = bytes("4e24b25198de32fbb162443b6cf8550e")
        var plaintext = [UInt8](repeating: 0, count: ciphertext.count + 16)
        var length = 0
        #expect(clibcrypto_aes128cbc_decrypt(key, iv, ciphertext, ciphertext.count, &plaintext, &length) == 1)
        #expect(Array(plaintext.prefix(length)) == Array("hello".utf8))

        let wrongKey = [UInt8](repeating: 0, count: 16)
        #expect(clibcrypto_aes128cbc_decrypt(wrongKey, iv, ciphertext, ciphertext.count, &plaintext, &length) == 0)
        #expect(clibcrypto_aes128cbc_decrypt(key, iv, ciphertext, 15, &plaintext, &length) == 0)
    }

    private func bytes(_ hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            result.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return result
    }

    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
