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
}
