import Foundation

extension BaseModel {
    /// The keys the one-entry-per-property storages read and write: every stored property's
    /// name and every coding key a new instance writes.
    static func storageKeys() throws -> [String] {
        let model = Self()
        let names = ModelProperties(of: model).properties.map(\.name)
        let codingKeys = try model.propertyListTree().keys
        return Array(Set(names).union(codingKeys)).sorted()
    }

    /// The keys the model's properties had before they were renamed (``Evolvable/formerKeys``):
    /// read when the current key has no entry, removed when the model is saved.
    static func formerStorageKeys() throws -> [String] {
        let current = Set(try storageKeys())
        return Set(formerKeys.values.joined()).subtracting(current).sorted()
    }
}
