/// Class definitions: the keys of a type, discovered once per encode call, and its recorded name.
extension FastEncodingContext {
    func currentDefinition(for type: ObjectIdentifier) -> Int? {
        for entry in currentDefinitions where entry.type == type { return entry.definition }
        return nil
    }

    func setCurrentDefinition(_ definition: Int, for type: ObjectIdentifier) {
        if let index = currentDefinitions.firstIndex(where: { $0.type == type }) {
            currentDefinitions[index].definition = definition
        } else {
            currentDefinitions.append((type, definition))
        }
    }

    func discoverKeys<T: Encodable>(_ value: T) -> [String]? {
        let (shape, keys) = KeyDiscoveryEncoder.discover(value, userInfo: userInfo)
        return shape == .keyed ? keys : nil
    }

    func makeDefinition<T>(for value: T, keys: [String]?) -> Int {
        guard let keys else { return -1 }
        // Once per type and encode call (the context caches the definition).
        let name = ArchiveTypeName.name(of: type(of: value), registry: registry)
        definitions.append(ClassDefinitionRecord(name: name, keys: keys))
        return definitions.count - 1
    }
}
