import Foundation

/// What went wrong when a model was built, read, saved or shared, in words a person can act on.
///
/// Problems with the *meaning* of well-formed data (a wrong-typed value, a missing key) reach the
/// caller as the decoder's `DecodingError`, with its coding path, wrapped in ``invalidData(type:path:reason:)``
/// when they come from a file or a store.
public enum BaseModelError: LocalizedError, Sendable, CustomStringConvertible {
    /// `type` has no hook for values of this kind; the message names the protocol to adopt.
    case unsupportedValue(type: String, kind: String, hook: String)
    /// A value at `path` cannot be stored in a model (for example a `URL` object or `null` in an array).
    case unrepresentableValue(type: String, path: String, reason: String)
    /// A dictionary key at `path` is not a string.
    case nonStringKey(type: String, path: String)
    /// The value nests deeper than ``ArchiveLimits/defaultMaximumDepth``.
    case nestingTooDeep(type: String, path: String, limit: Int)
    /// The model does not encode itself as a keyed container, so it has no property dictionary.
    case notKeyed(type: String)
    /// The data, at `path` (a file, a defaults suite or a secret store), could not be made into a `type`.
    case invalidData(type: String, path: String, reason: String)
    /// None of the formats the model reads recognises the data at `path`.
    case unrecognizedFormat(type: String, path: String, tried: [String])
    /// The data at `path` holds `null`, which cannot become a model.
    case noModel(type: String, path: String)
    /// The file at `path` holds none of the keys the model reads, though the model needs some:
    /// an empty dictionary, or another program's file.
    case notThisModel(type: String, path: String)
    /// A folder for the save file could not be created.
    case cannotCreateFolder(path: String, reason: String)
    /// `save()` was called on an instance that is not its type's shared instance.
    case notSharedInstance(type: String)
    /// The save file exists but could not be read, so saving would overwrite data that may still matter.
    case unreadableSaveFileKept(type: String, path: String, reason: String)
    /// The resource file exists but could not be read, so the shared instance lacks its
    /// defaults, and saving it would make a save file without them.
    case unreadableResourceKept(type: String, path: String, reason: String)
    /// A secret-store item of `key` is neither a binary property list nor UTF-8 text.
    case unreadableSecret(type: String, key: String)
    /// `UserDefaults(suiteName:)` refused the suite name.
    case userDefaultsUnavailable(suite: String)
    /// `UserDefaults` could not write the suite's entries (`synchronize()` failed): on Linux
    /// its property list in `$XDG_CONFIG_HOME`, else `~/.config`, could not be written.
    case userDefaultsNotSaved(suite: String)

    /// The problem and where it is.
    public var description: String {
        switch self {
        case let .unsupportedValue(type, kind, hook):
            "\(type) cannot be made from \(kind): adopt \(hook)"
        case let .unrepresentableValue(type, path, reason):
            "cannot put the value at '\(path)' into \(type): \(reason)"
        case let .nonStringKey(type, path):
            "cannot map the dictionary at '\(path)' onto \(type): its keys must be strings"
        case let .nestingTooDeep(type, path, limit):
            "the value for \(type) nests deeper than the limit of \(limit) at '\(path)'"
        case let .notKeyed(type):
            "\(type) does not encode itself as a keyed container, so it has no property dictionary"
        case let .invalidData(type, _, _), let .unrecognizedFormat(type, _, _), let .noModel(type, _),
            let .notThisModel(type, _):
            "cannot read a \(type) from '\(unreadable?.path ?? "")': \(unreadable?.reason ?? "")"
        case let .cannotCreateFolder(path, reason):
            "cannot create the folder '\(path)' for the save file: \(reason)"
        case let .notSharedInstance(type):
            "cannot save this \(type): only its shared instance saves itself; override save() "
                + "to save something else (for example the list that holds it)"
        case let .unreadableSaveFileKept(type, path, reason):
            "not saving \(type): its save file '\(path)' could not be read (\(reason)), and saving would "
                + "replace it; move the file away or call setSharedInstance(_:) with the instance to keep"
        case let .unreadableResourceKept(type, path, reason):
            "not saving \(type): its resource file '\(path)' could not be read (\(reason)), so the shared "
                + "instance lacks its defaults; mend the file or move the file away, or call setSharedInstance(_:) "
                + "with the instance to keep"
        case let .unreadableSecret(type, key):
            "the secret item '\(key)' of \(type) is neither a binary property list nor UTF-8 text"
        case let .userDefaultsUnavailable(suite):
            "UserDefaults refused the suite name '\(suite)'"
        case let .userDefaultsNotSaved(suite):
            "UserDefaults could not save the suite '\(suite)': synchronize() failed to write its file "
                + "(on Linux a property list in $XDG_CONFIG_HOME, else ~/.config)"
        }
    }
}

extension BaseModelError {
    /// ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }

    /// Where data could not be read and why, for the errors that say so.
    var unreadable: (path: String, reason: String)? {
        switch self {
        case let .invalidData(_, path, reason):
            (path, reason)
        case let .unrecognizedFormat(_, path, tried):
            (
                path,
                "the data is in none of the formats \(tried.joined(separator: ", ")); list its format in readableFormats"
            )
        case let .noModel(_, path):
            (path, "it holds null")
        case let .notThisModel(type, path):
            (path, "it holds none of \(type)'s keys, so it is some other file; move it away to start afresh")
        default:
            nil
        }
    }

    /// The error as it concerns the data at `source`: one that does not name where the data was
    /// (a value without a hook) becomes ``invalidData(type:path:reason:)`` naming it.
    func naming(_ source: String) -> BaseModelError {
        switch self {
        case let .unsupportedValue(type, kind, _):
            .invalidData(type: type, path: source, reason: "it holds \(kind) where a \(type) belongs")
        case let .unrepresentableValue(type, _, _), let .nonStringKey(type, _),
            let .nestingTooDeep(type, _, _), let .notKeyed(type):
            .invalidData(type: type, path: source, reason: description)
        default:
            self
        }
    }
}
