import CodingCore
import Foundation

/// Why a ``KeychainStore`` could not read or change its files, naming the file and, where
/// there is one, the fix.
///
/// Wrong passphrase, wrong key file, tampering and truncation are distinct cases, and none of
/// them is ever reported as a missing item: an item the store cannot read is an error, not `nil`.
public enum KeychainStoreError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// Group or others may read or write the file or folder at `path` (mode `mode`).
    case insecurePermissions(path: String, mode: UInt16, isDirectory: Bool)
    /// The store, key or lock file at `path` is a symbolic link; the store refuses links.
    case symbolicLink(path: String)
    /// The file at `path` is not a regular file (a folder, a device, a socket).
    case notRegularFile(path: String)
    /// The file at `path` does not start like a store file of this kit.
    case notAKeychainFile(path: String)
    /// The store file at `path` has a format version this build does not read.
    case unsupportedVersion(path: String, version: Int)
    /// The store file at `path` ends at byte `offset`, before the structure it announces.
    case truncated(path: String, offset: Int)
    /// The store file at `path` is structurally wrong at byte `offset`.
    case malformed(path: String, offset: Int, reason: String)
    /// The store file at `path` was changed by someone without the key: its checksum or an
    /// item's authentication tag does not match.
    case tampered(path: String, reason: String)
    /// The key file at `keyFile` is not the one that locked the store at `path`.
    case wrongKeyFile(path: String, keyFile: String)
    /// The passphrase does not unlock the store at `path`.
    case wrongPassphrase(path: String)
    /// The store at `path` is locked with a passphrase but was opened with the key file.
    case passphraseRequired(path: String)
    /// The store at `path` is locked with the key file but was opened with a passphrase.
    case keyFileRequired(path: String)
    /// The store at `path` needs the key file at `keyFile`, which is missing.
    case keyFileMissing(path: String, keyFile: String)
    /// The key file at `path` has the wrong size or header.
    case damagedKeyFile(path: String)
    /// The scrypt parameters (from a file at `path`, or given by the caller) exceed the caps
    /// or are not valid.
    case unsafeKeyDerivation(path: String, reason: String)
    /// The file at `path` is `size` bytes, more than the store reads (`limit`).
    case fileTooLarge(path: String, size: Int, limit: Int)
    /// The item under `key` is `size` bytes, more than an item may hold (`limit`).
    case itemTooLarge(key: String, size: Int, limit: Int)
    /// A system call on `path` failed while `operation`.
    case fileSystem(path: String, operation: String, code: Int32)
    /// libcrypto failed at `operation` (out of memory, no randomness).
    case cryptoFailure(operation: String)

    /// The problem, the file and the fix, in one line (as ``description``).
    public var errorDescription: String? { description }

    /// The problem, the file and the fix, in one line.
    public var description: String {
        switch self {
        case let .insecurePermissions(path, mode, isDirectory):
            let octal = String(mode, radix: 8)
            let fix = isDirectory ? "chmod 700" : "chmod 600"
            return "'\(path)' is accessible by group or others (mode \(octal)); secrets need it private: "
                + "run `\(fix) '\(path)'`"
        case let .symbolicLink(path):
            return "'\(path)' is a symbolic link, which the store refuses (it could point anywhere): "
                + "replace the link with the file itself"
        case let .notRegularFile(path):
            return "'\(path)' is not a regular file; move it away so the store can use that name"
        case let .notAKeychainFile(path):
            return "'\(path)' is not a keychain store file (its first bytes are not 'KSTORE'); "
                + "it was left untouched"
        case let .unsupportedVersion(path, version):
            return "'\(path)' is a keychain store file of format version \(version), which this version "
                + "does not read; use a newer build"
        case let .truncated(path, offset):
            return "'\(path)' is truncated: it ends at byte \(offset), before the data it announces; "
                + "restore it from a backup"
        case let .malformed(path, offset, reason):
            return "'\(path)' is damaged at byte \(offset): \(reason); restore it from a backup"
        case let .tampered(path, reason):
            return "'\(path)' was modified without the key (\(reason)); its contents cannot be trusted, "
                + "restore it from a backup"
        case let .wrongKeyFile(path, keyFile):
            return "the key file '\(keyFile)' does not unlock '\(path)' (it was locked with another key "
                + "file); restore the original key file"
        case let .wrongPassphrase(path):
            return "the passphrase does not unlock '\(path)'"
        case let .passphraseRequired(path):
            return "'\(path)' is locked with a passphrase; open it with `.passphrase(…)`"
        case let .keyFileRequired(path):
            return "'\(path)' is locked with the key file, not a passphrase; open it with `.keyFile`"
        case let .keyFileMissing(path, keyFile):
            return "'\(path)' needs the key file '\(keyFile)', which is missing; restore it from a backup "
                + "(a new key could not read the existing items, so none is made)"
        case let .damagedKeyFile(path):
            return "the key file '\(path)' is damaged (wrong size or header); restore it from a backup"
        case let .unsafeKeyDerivation(path, reason):
            return "'\(path)': unacceptable scrypt parameters: \(reason)"
        case let .fileTooLarge(path, size, limit):
            return "'\(path)' is \(size) bytes, more than the \(limit) bytes a store file may have"
        case let .itemTooLarge(key, size, limit):
            return "the item '\(key)' is \(size) bytes, more than the \(limit) bytes an item may hold"
        case let .fileSystem(path, operation, code):
            return "'\(path)': \(operation) failed: \(SystemError.describeWithAdvice(code))"
        case let .cryptoFailure(operation):
            return "libcrypto failed while \(operation)"
        }
    }
}
