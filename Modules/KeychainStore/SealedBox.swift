/// One AES-256-GCM ciphertext as the store file keeps it: nonce, ciphertext, tag.
struct SealedBox: Equatable, Sendable {
    let nonce: [UInt8]
    let ciphertext: [UInt8]
    let tag: [UInt8]
}
