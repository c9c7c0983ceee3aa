import Foundation

/// ``BaseModelStorage/userDefaults(suite:)``: one defaults entry per property.
struct UserDefaultsStorage {
    let suite: String?

    private func defaults() throws -> UserDefaults {
        guard let suite else { return .standard }
        guard let defaults = UserDefaults(suiteName: suite) else {
            throw BaseModelError.userDefaultsUnavailable(suite: suite)
        }
        return defaults
    }

    /// The model from the entries present, layered over `base` (the set-up values and resource
    /// defaults) for the rest.
    func load<Model: BaseModel>(over base: Model) throws -> Model {
        let model = Model.self
        let defaults = try defaults()
        var values: [String: Any] = [:]
        for key in try model.storageKeys() + model.formerStorageKeys() {
            if let value = defaults.object(forKey: key) { values[key] = value }
        }
        return try model.model(from: values, over: base, inputSize: nil, source: nil)
    }

    /// Sets each property's entry and removes the entries of properties that are `nil` and of
    /// the names properties had before they were renamed.
    ///
    /// The original left such entries in place, so a property set to `nil` came back on the next launch.
    func save<Model: BaseModel>(_ model: Model) throws {
        let defaults = try defaults()
        let tree = try model.propertyListTree()
        for key in try Model.storageKeys() {
            if let value = tree[key] {
                defaults.set(value, forKey: key)
            } else {
                defaults.removeObject(forKey: key)
            }
        }
        for key in try Model.formerStorageKeys() { defaults.removeObject(forKey: key) }
        // On Linux this writes the suite's property list now, and says whether it could.
        guard defaults.synchronize() else { throw BaseModelError.userDefaultsNotSaved(suite: suite ?? "standard") }
    }
}
