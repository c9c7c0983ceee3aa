#ifndef CLIBCRYPTO_SHIM_H
#define CLIBCRYPTO_SHIM_H

// OpenSSL's libcrypto, as much of it as the suite uses: authenticated ciphers (EVP AEAD),
// random bytes, key derivation (PBKDF2, scrypt) and HMAC.
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

#endif
