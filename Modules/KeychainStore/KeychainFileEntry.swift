/// One item of a store file: two opaque tags instead of names, then the sealed name and the
/// sealed value, each with its own nonce so the value can be read without touching the name.
struct KeychainFileEntry: Equatable, Sendable {
    /// HMAC of service and key: finds the item without storing or decrypting names.
    let lookupTag: [UInt8]
    /// HMAC of the service: lists a service's items in a shared (access group) file.
    let serviceTag: [UInt8]
    /// The item's key, sealed with the service as associated data.
    let name: SealedBox
    /// The item's value, sealed with service and key as associated data.
    let value: SealedBox
}
