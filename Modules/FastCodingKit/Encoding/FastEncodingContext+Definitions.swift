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

    /// A new definition for `value`'s type with `keys` (−1 for `nil`: not a keyed type), named
    /// `name` or by the archive-name rule.
    func makeDefinition<T>(for value: T, keys: [String]?, name: String? = nil) -> Int {
        guard let keys else { return -1 }
        // Once per type and encode call (the context caches the definition).
        let name = name ?? ArchiveTypeName.name(of: type(of: value), registry: registry)
        definitions.append(ClassDefinitionRecord(name: name, keys: keys))
        return definitions.count - 1
    }

    /// The definition of `typeID` an earlier call learned, made current for this call; `nil`
    /// when there is none to trust (the caller discovers the keys then).
    func learnedDefinition<T>(for value: T, typeID: ObjectIdentifier, isClass: Bool) -> Int? {
        guard let learned = Self.learnedDefinitions.value(for: typeID), learned.isReliable else { return nil }
        let definition = makeDefinition(for: value, keys: learned.keys, name: isClass ? nil : learned.name)
        // Learned keys hold no U+0000; a class's name comes from the registry again, unchecked.
        if definition >= 0 && !isClass { definitions[definition].isKnownWritable = true }
        setCurrentDefinition(definition, for: typeID)
        return definition
    }

    /// Discovers the keys of `value`'s type, makes its definition current, and keeps what was
    /// learned for later calls (unless an instance already proved the type's keys vary).
    func discoverDefinition<T: Encodable>(for value: T, typeID: ObjectIdentifier, isClass: Bool) -> Int {
        let keys = discoverKeys(value)
        let definition = makeDefinition(for: value, keys: keys)
        setCurrentDefinition(definition, for: typeID)
        let name = definition >= 0 ? definitions[definition].name : nil
        // Names and keys with U+0000 fail the encode; there is nothing to keep then.
        let writable = !(name?.utf8.contains(0) ?? false) && !(keys ?? []).contains { $0.utf8.contains(0) }
        if writable, Self.learnedDefinitions.value(for: typeID)?.isReliable ?? true {
            Self.learnedDefinitions.store(
                LearnedDefinition(keys: keys, name: isClass ? nil : name, isReliable: true), for: typeID)
        }
        return definition
    }

    /// Remembers for good that `typeID`'s instances do not all write the same keys.
    func distrustLearnedDefinition(of typeID: ObjectIdentifier) {
        Self.learnedDefinitions.store(LearnedDefinition(keys: nil, name: nil, isReliable: false), for: typeID)
    }

    /// Whether the first instance of a learned definition, just written in frame `index`, wrote
    /// exactly the learned keys in order, so a discovery pass would have found the same keys.
    func wroteLearnedDefinition(_ index: Int) -> Bool {
        let frame = frames[index]
        if frame.definition >= 0 {
            return (frame.kind == .object || frame.kind == .objectBelowNested) && !frame.skippedKeys
                && frame.cursor == frame.keyCount
        }
        // Not keyed: a keyed container (written as a dictionary here) would have had keys.
        return frame.kind != .dictionary && frame.kind != .object && frame.kind != .objectBelowNested
    }
}
