import CLibCrypto
import Foundation

/// Sealing and opening one envelope with a given header and key: the AEAD step alone.
///
/// This is the seam the known-answer tests use (fixed salt, nonce and key give fixed bytes);
/// ``EnvelopeCipher`` chooses the salt, nonce and key.
enum Envelope {
    /// Bytes of the envelope of a `plaintextCount`-byte archive under a `headerCount`-byte header.
    static func sealedCount(headerCount: Int, plaintextCount: Int) throws -> Int {
        let (total, overflow) = headerCount.addingReportingOverflow(plaintextCount)
        guard !overflow, total <= Int.max - EnvelopeHeader.tagLength else {
            throw CryptoCodingError.cryptographyFailed(operation: "sizing an archive of \(plaintextCount) bytes")
        }
        return total + EnvelopeHeader.tagLength
    }

    /// Header, ciphertext and tag in one new allocation: the header is copied once, the
    /// plaintext is encrypted straight into place.
    static func seal(_ plaintext: UnsafeRawBufferPointer, header: EnvelopeHeader, key: SecretBytes) throws -> Data {
        let headerBytes = try header.bytes()
        let total = try sealedCount(headerCount: headerBytes.count, plaintextCount: plaintext.count)
        guard let output = ArchiveBuffer.allocate(total) else {
            throw CryptoCodingError.cryptographyFailed(operation: "allocating \(total) bytes for the archive")
        }
        do {
            try seal(
                plaintext, header: headerBytes, nonce: header.nonce, key: key,
                into: UnsafeMutableRawBufferPointer(start: output, count: total))
        } catch {
            free(output)
            throw error
        }
        return ArchiveBuffer.data(output, count: total)
    }

    /// Writes header, ciphertext and tag into `output`, which holds exactly their size.
    static func seal(
        _ plaintext: UnsafeRawBufferPointer, header: [UInt8], nonce: [UInt8], key: SecretBytes,
        into output: UnsafeMutableRawBufferPointer
    ) throws {
        guard let base = output.baseAddress?.assumingMemoryBound(to: UInt8.self),
            output.count == header.count + plaintext.count + EnvelopeHeader.tagLength
        else { throw CryptoCodingError.cryptographyFailed(operation: "sizing the archive") }
        UnsafeMutableRawBufferPointer(rebasing: output[..<header.count]).copyBytes(from: header)
        let ciphertext = base + header.count
        let status = key.withUnsafeBytes { key in
            clibcrypto_aes256gcm_seal(
                key.baseAddress?.assumingMemoryBound(to: UInt8.self), nonce,
                base, header.count,
                plaintext.baseAddress?.assumingMemoryBound(to: UInt8.self), plaintext.count,
                ciphertext, ciphertext + plaintext.count)
        }
        guard status == 1 else { throw CryptoCodingError.cryptographyFailed(operation: "encrypting") }
    }

    /// Decrypts and authenticates the envelope `data` whose header (of `headerLength` bytes) was
    /// parsed as `header`; returns the inner archive in a new allocation.
    static func open(
        _ data: UnsafeRawBufferPointer, header: EnvelopeHeader, headerLength: Int, key: SecretBytes
    ) throws -> Data {
        let length = plaintextCount(data, headerLength: headerLength)
        guard let plaintext = ArchiveBuffer.allocate(length) else {
            throw CryptoCodingError.cryptographyFailed(operation: "allocating \(length) bytes for the archive")
        }
        do {
            try open(
                data, header: header, headerLength: headerLength, key: key,
                into: UnsafeMutableRawBufferPointer(start: plaintext, count: length))
        } catch {
            free(plaintext)
            throw error
        }
        return ArchiveBuffer.data(plaintext, count: length)
    }

    /// Bytes of the inner archive in an envelope whose header has `headerLength` bytes (the
    /// parser has checked that a tag fits).
    static func plaintextCount(_ data: UnsafeRawBufferPointer, headerLength: Int) -> Int {
        max(0, data.count - headerLength - EnvelopeHeader.tagLength)
    }

    /// Decrypts into `plaintext` (exactly ``plaintextCount(_:headerLength:)`` bytes); on failure
    /// the bytes written there are zeroed before the error is thrown.
    static func open(
        _ data: UnsafeRawBufferPointer, header: EnvelopeHeader, headerLength: Int, key: SecretBytes,
        into plaintext: UnsafeMutableRawBufferPointer
    ) throws {
        let length = data.count - headerLength - EnvelopeHeader.tagLength
        guard length >= 0, let base = data.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            throw CryptoCodingError.truncated(
                length: data.count, needed: headerLength + EnvelopeHeader.tagLength, reading: "the tag")
        }
        guard plaintext.count == length else {
            throw CryptoCodingError.cryptographyFailed(operation: "sizing the archive")
        }
        // A zero-length archive still needs a valid pointer for libcrypto.
        var empty: UInt8 = 0
        let status = withUnsafeMutablePointer(to: &empty) { empty in
            let output = plaintext.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? empty
            return key.withUnsafeBytes { key in
                clibcrypto_aes256gcm_open(
                    key.baseAddress?.assumingMemoryBound(to: UInt8.self), header.nonce,
                    base, headerLength,
                    base + headerLength, length,
                    base + headerLength + length, output)
            }
        }
        guard status == CLIBCRYPTO_OPEN_OK else {
            if let output = plaintext.baseAddress { clibcrypto_cleanse(output, length) }
            throw status == CLIBCRYPTO_OPEN_AUTHENTICATION_FAILED
                ? CryptoCodingError.authenticationFailed
                : CryptoCodingError.cryptographyFailed(operation: "decrypting")
        }
    }
}
