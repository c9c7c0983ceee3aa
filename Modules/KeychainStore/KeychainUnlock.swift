/// How a ``KeychainStore`` gets the key that encrypts its items.
public enum KeychainUnlock: Sendable, Hashable {
    /// A random per-user master key in the folder's key file (`keychain.key`, mode 0600),
    /// created on first use: the login-keychain model. Anyone who can read the key file as
    /// this user can read the store.
    case keyFile
    /// A key derived from `passphrase` with scrypt at `parameters` and a random salt kept in the
    /// store file's header. Nothing that unlocks the store is kept on disk.
    case passphrase(String, parameters: ScryptParameters = .recommended)
}
