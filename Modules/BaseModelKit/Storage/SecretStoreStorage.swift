import Foundation

/// ``BaseModelStorage/secretStore(_:)``: one secret item per property, as FXKeychain stored them.
///
/// A string is stored as its UTF-8 bytes, unless it starts with `bplist` (then it is stored as
/// a property list, so it cannot pass for one when read back); every other value is stored as a
/// binary property list.
struct SecretStoreStorage {
    let store: any SecretStore

    /// The model from the items present, layered over `base` (the set-up values and resource
    /// defaults) for the rest.
    func load<Model: BaseModel>(over base: Model) throws -> Model {
        let model = Model.self
        var values: [String: Any] = [:]
        for key in try model.storageKeys() + model.formerStorageKeys() {
            guard let data = try store.data(forKey: key) else { continue }
            values[key] = try Self.value(of: data, key: key, model: model)
        }
        return try model.model(from: values, over: base, inputSize: nil, source: nil)
    }

    /// Stores each property's item and removes the items of properties that are `nil` and of the
    /// names properties had before they were renamed.
    func save<Model: BaseModel>(_ model: Model) throws {
        let tree = try model.propertyListTree()
        for key in try Model.storageKeys() {
            if let value = tree[key] {
                try store.setData(try Self.data(of: value), forKey: key)
            } else {
                try store.removeData(forKey: key)
            }
        }
        for key in try Model.formerStorageKeys() { try store.removeData(forKey: key) }
    }

    static func data(of value: Any) throws -> Data {
        if let text = value as? String, !text.hasPrefix("bplist") {
            return Data(text.utf8)
        }
        return try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0)
    }

    static func value<Model: BaseModel>(of data: Data, key: String, model: Model.Type) throws -> Any {
        if data.starts(with: Array("bplist".utf8)), (try? BinaryPropertyListScreen.check(data)) != nil,
            let value = try? PropertyListSerialization.propertyList(from: data, format: nil)
        {
            return value
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw BaseModelError.unreadableSecret(type: model.typeName, key: key)
        }
        return text
    }
}
