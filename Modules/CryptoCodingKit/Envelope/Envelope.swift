import CLibCrypto
import Foundation

/// Sealing and opening one envelope with a given header and key: the AEAD step alone.
///
/// This is the seam the known-answer tests use (fixed salt, nonce and key give fixed bytes);
/// ``EnvelopeCipher`` chooses the salt, nonce and key.
enum Envelope {
    /// Header, ciphertext and tag in one allocation: the header is copied once, the plaintext is
    /// encrypted straight into place.
    static func seal(_ plaintext: UnsafeRawBufferPointer, header: EnvelopeHeader, key: SecretBytes) throws -> Data {
        let headerBytes = try header.bytes()
        let (total, overflow) = headerBytes.count.addingReportingOverflow(plaintext.count + EnvelopeHeader.tagLength)
        guard !overflow, let output = malloc(max(total, 1))?.assumingMemoryBound(to: UInt8.self) else {
            throw CryptoCodingError.cryptographyFailed(operation: "allocating \(total) bytes for the archive")
        }
        UnsafeMutableRawBufferPointer(start: output, count: headerBytes.count).copyBytes(from: headerBytes)
        let ciphertext = output + headerBytes.count
        let status = key.withUnsafeBytes { key in
            clibcrypto_aes256gcm_seal(
                key.baseAddress?.assumingMemoryBound(to: UInt8.self), header.nonce,
                output, headerBytes.count,
                plaintext.baseAddress?.assumingMemoryBound(to: UInt8.self), plaintext.count,
                ciphertext, ciphertext + plaintext.count)
        }
        guard status == 1 else {
            free(output)
            throw CryptoCodingError.cryptographyFailed(operation: "encrypting")
        }
        return Data(bytesNoCopy: output, count: total, deallocator: .free)
    }

    /// Decrypts and authenticates the envelope `data` whose header (of `headerLength` bytes) was
    /// parsed as `header`; returns the inner archive.
    static func open(
        _ data: UnsafeRawBufferPointer, header: EnvelopeHeader, headerLength: Int, key: SecretBytes
    ) throws -> Data {
        let length = data.count - headerLength - EnvelopeHeader.tagLength
        guard length >= 0, let base = data.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            throw CryptoCodingError.truncated(
                length: data.count, needed: headerLength + EnvelopeHeader.tagLength, reading: "the tag")
        }
        guard let plaintext = malloc(max(length, 1))?.assumingMemoryBound(to: UInt8.self) else {
            throw CryptoCodingError.cryptographyFailed(operation: "allocating \(length) bytes for the archive")
        }
        let status = key.withUnsafeBytes { key in
            clibcrypto_aes256gcm_open(
                key.baseAddress?.assumingMemoryBound(to: UInt8.self), header.nonce,
                base, headerLength,
                base + headerLength, length,
                base + headerLength + length, plaintext)
        }
        guard status == CLIBCRYPTO_OPEN_OK else {
            clibcrypto_cleanse(plaintext, length)
            free(plaintext)
            throw status == CLIBCRYPTO_OPEN_AUTHENTICATION_FAILED
                ? CryptoCodingError.authenticationFailed
                : CryptoCodingError.cryptographyFailed(operation: "decrypting")
        }
        return Data(bytesNoCopy: plaintext, count: length, deallocator: .free)
    }
}
