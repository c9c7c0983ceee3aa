#ifndef CLIBCRYPTO_SHIM_H
#define CLIBCRYPTO_SHIM_H

// OpenSSL's libcrypto, as much of it as the suite uses: authenticated ciphers (EVP AEAD),
// random bytes, key derivation (PBKDF2, scrypt) and HMAC.
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/kdf.h>
#include <openssl/rand.h>

// Function-like macros do not import into Swift; these inline functions stand in for them.

/// `EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, length, NULL)`.
static inline int clibcrypto_aead_set_iv_length(EVP_CIPHER_CTX *ctx, int length) {
    return EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, length, NULL);
}

/// `EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, length, tag)`: reads the tag after encryption.
static inline int clibcrypto_aead_get_tag(EVP_CIPHER_CTX *ctx, void *tag, int length) {
    return EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, length, tag);
}

/// `EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, length, tag)`: sets the expected tag before decryption ends.
static inline int clibcrypto_aead_set_tag(EVP_CIPHER_CTX *ctx, const void *tag, int length) {
    return EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, length, (void *)tag);
}

/// The version string of the libcrypto actually loaded at run time.
static inline const char *clibcrypto_version(void) {
    return OpenSSL_version(OPENSSL_VERSION);
}

// The AEAD and KDF helpers CryptoCodingKit and KeychainStore share: written once, here.

/// Key, nonce and tag sizes of the suite's AEAD (AES-256-GCM).
enum {
    CLIBCRYPTO_AES256GCM_KEY_LENGTH = 32,
    CLIBCRYPTO_AES256GCM_NONCE_LENGTH = 12,
    CLIBCRYPTO_AES256GCM_TAG_LENGTH = 16,
};

/// Results of `clibcrypto_aes256gcm_open`.
enum {
    CLIBCRYPTO_OPEN_OK = 1,
    CLIBCRYPTO_OPEN_AUTHENTICATION_FAILED = 0,
    CLIBCRYPTO_OPEN_ERROR = -1,
};

/// Feeds `length` bytes through `EVP_CipherUpdate` in pieces an `int` can count.
/// `output` NULL means associated data. Returns 1 on success.
static inline int clibcrypto_cipher_update_all(EVP_CIPHER_CTX *ctx, unsigned char *output,
                                               const unsigned char *input, size_t length) {
    const size_t piece = (size_t)1 << 30;
    while (length > 0) {
        int chunk = (int)(length < piece ? length : piece);
        int written = 0;
        if (EVP_CipherUpdate(ctx, output, &written, input, chunk) != 1) return 0;
        if (output != NULL) output += written;
        input += chunk;
        length -= (size_t)chunk;
    }
    return 1;
}

/// AES-256-GCM in one call: encrypts `length` bytes of `plaintext` into `ciphertext` (same
/// length; may be the same buffer) with a 32-byte key and 12-byte nonce, authenticates
/// `aad_length` bytes of associated data, writes the 16-byte tag. Returns 1 on success.
static inline int clibcrypto_aes256gcm_seal(const unsigned char *key, const unsigned char *nonce,
                                            const unsigned char *aad, size_t aad_length,
                                            const unsigned char *plaintext, size_t length,
                                            unsigned char *ciphertext, unsigned char *tag) {
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    if (ctx == NULL) return 0;
    int ok = EVP_EncryptInit_ex(ctx, EVP_aes_256_gcm(), NULL, key, nonce) == 1
        && (aad_length == 0 || clibcrypto_cipher_update_all(ctx, NULL, aad, aad_length))
        && clibcrypto_cipher_update_all(ctx, ciphertext, plaintext, length);
    int final_length = 0;
    ok = ok && EVP_EncryptFinal_ex(ctx, ciphertext + length, &final_length) == 1
        && clibcrypto_aead_get_tag(ctx, tag, CLIBCRYPTO_AES256GCM_TAG_LENGTH) == 1;
    EVP_CIPHER_CTX_free(ctx);
    return ok ? 1 : 0;
}

/// AES-256-GCM decryption in one call, the inverse of `clibcrypto_aes256gcm_seal`.
/// Returns `CLIBCRYPTO_OPEN_OK`, `CLIBCRYPTO_OPEN_AUTHENTICATION_FAILED` (wrong key or tampered
/// data: GCM cannot tell which; `plaintext` must then be discarded) or `CLIBCRYPTO_OPEN_ERROR`.
static inline int clibcrypto_aes256gcm_open(const unsigned char *key, const unsigned char *nonce,
                                            const unsigned char *aad, size_t aad_length,
                                            const unsigned char *ciphertext, size_t length,
                                            const unsigned char *tag, unsigned char *plaintext) {
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    if (ctx == NULL) return CLIBCRYPTO_OPEN_ERROR;
    int ok = EVP_DecryptInit_ex(ctx, EVP_aes_256_gcm(), NULL, key, nonce) == 1
        && (aad_length == 0 || clibcrypto_cipher_update_all(ctx, NULL, aad, aad_length))
        && clibcrypto_cipher_update_all(ctx, plaintext, ciphertext, length)
        && clibcrypto_aead_set_tag(ctx, tag, CLIBCRYPTO_AES256GCM_TAG_LENGTH) == 1;
    if (!ok) {
        EVP_CIPHER_CTX_free(ctx);
        return CLIBCRYPTO_OPEN_ERROR;
    }
    int final_length = 0;
    int verified = EVP_DecryptFinal_ex(ctx, plaintext + length, &final_length);
    EVP_CIPHER_CTX_free(ctx);
    return verified == 1 ? CLIBCRYPTO_OPEN_OK : CLIBCRYPTO_OPEN_AUTHENTICATION_FAILED;
}

/// scrypt (RFC 7914) into `key_length` bytes. `max_memory` bounds the memory libcrypto may use
/// (0: its default of 32 MiB). Returns 1 on success, 0 on bad parameters or failure.
static inline int clibcrypto_scrypt(const char *password, size_t password_length,
                                    const unsigned char *salt, size_t salt_length,
                                    uint64_t n, uint64_t r, uint64_t p, uint64_t max_memory,
                                    unsigned char *key, size_t key_length) {
    return EVP_PBE_scrypt(password, password_length, salt, salt_length, n, r, p, max_memory,
                          key, key_length) == 1 ? 1 : 0;
}

/// PBKDF2-HMAC with `digest` (e.g. `EVP_sha256()`) into `key_length` bytes. Returns 1 on success.
static inline int clibcrypto_pbkdf2(const char *password, size_t password_length,
                                    const unsigned char *salt, size_t salt_length,
                                    unsigned int iterations, const EVP_MD *digest,
                                    unsigned char *key, size_t key_length) {
    if (password_length > INT_MAX || salt_length > INT_MAX || iterations > INT_MAX
        || key_length > INT_MAX) return 0;
    return PKCS5_PBKDF2_HMAC(password, (int)password_length, salt, (int)salt_length,
                             (int)iterations, digest, (int)key_length, key) == 1 ? 1 : 0;
}

/// `length` bytes from libcrypto's CSPRNG. Returns 1 on success.
static inline int clibcrypto_random_bytes(unsigned char *output, size_t length) {
    const size_t piece = (size_t)1 << 30;
    while (length > 0) {
        int chunk = (int)(length < piece ? length : piece);
        if (RAND_bytes(output, chunk) != 1) return 0;
        output += chunk;
        length -= (size_t)chunk;
    }
    return 1;
}

/// Overwrites `length` bytes at `pointer` with zeros in a way the compiler does not remove.
static inline void clibcrypto_cleanse(void *pointer, size_t length) {
    OPENSSL_cleanse(pointer, length);
}

/// HMAC-SHA256 of `length` bytes with a `key_length`-byte key into the 32 bytes at `mac`.
/// Returns 1 on success.
static inline int clibcrypto_hmac_sha256(const unsigned char *key, size_t key_length,
                                         const unsigned char *data, size_t length,
                                         unsigned char *mac) {
    unsigned int mac_length = 0;
    if (key_length > INT_MAX) return 0;
    return HMAC(EVP_sha256(), key, (int)key_length, data, length, mac, &mac_length) != NULL
        && mac_length == 32 ? 1 : 0;
}

/// AES-128-CBC with PKCS#7 padding, decryption only (for reading legacy CryptoCoding files, which
/// carry no MAC: a success here says nothing about integrity). `plaintext` needs `length + 16` bytes;
/// the unpadded length is stored in `*plaintext_length`. Returns 1 on success, 0 when the length
/// is not a positive multiple of 16, the padding is invalid (usually a wrong key) or libcrypto fails.
static inline int clibcrypto_aes128cbc_decrypt(const unsigned char *key, const unsigned char *iv,
                                               const unsigned char *ciphertext, size_t length,
                                               unsigned char *plaintext, size_t *plaintext_length) {
    if (length == 0 || length % 16 != 0 || length > INT_MAX) return 0;
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    if (ctx == NULL) return 0;
    int written = 0, final_length = 0;
    int ok = EVP_DecryptInit_ex(ctx, EVP_aes_128_cbc(), NULL, key, iv) == 1
        && EVP_DecryptUpdate(ctx, plaintext, &written, ciphertext, (int)length) == 1
        && EVP_DecryptFinal_ex(ctx, plaintext + written, &final_length) == 1;
    EVP_CIPHER_CTX_free(ctx);
    if (!ok) return 0;
    *plaintext_length = (size_t)written + (size_t)final_length;
    return 1;
}

#endif
