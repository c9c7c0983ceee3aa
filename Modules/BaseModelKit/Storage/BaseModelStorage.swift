import Foundation

/// Where a model's shared instance is saved: the original's file formats, `UserDefaults` and keychain.
public enum BaseModelStorage: Sendable {
    /// A file: ``BaseModel/saveFile`` in ``BaseModel/saveFormat``.
    case file
    /// A `UserDefaults` suite (`nil`: the standard defaults), one entry per property, each the
    /// property's property-list value. Properties that are `nil` have their entry removed.
    /// Saving writes the entries through at once (`synchronize()`) and throws
    /// ``BaseModelError/userDefaultsNotSaved(suite:)`` when they could not be written.
    case userDefaults(suite: String?)
    /// A ``SecretStore`` (KeychainStore in practice), one item per property under the property's
    /// name: strings as UTF-8 text, other values as binary property lists, as FXKeychain stored them.
    /// Properties that are `nil` have their item removed.
    case secretStore(any SecretStore)
}
