import CodingCore

extension KeyedDecodingState {
    /// This decode's ``EvolutionLookup``, made on the first key an archived object lacks, so an
    /// archive that holds every key never allocates it.
    func evolutionLookup() -> EvolutionLookup {
        if let evolution { return evolution }
        let made = EvolutionLookup(userInfo: userInfo)
        evolution = made
        return made
    }

    /// The default of `key`, which a container of `decodedType` at `codingPath` lacks, counted
    /// against the expansion budget and checked against the depth limit as if the archive held
    /// it; `nil` when there is none (the type is not `Evolvable`, or a new instance leaves the
    /// key out).
    ///
    /// The root container of a decode over a value takes that value's keys instead of the type's.
    func defaultValue(
        for decodedType: Any.Type, missing key: any CodingKey, codingPath: [any CodingKey]
    ) throws -> DefaultValue? {
        let defaults: TypeDefaults?
        // The root value's own containers are the only ones at depth 1 with an empty path.
        if codingPath.isEmpty, depth == 1, let rootLayering {
            let layered = try rootLayering()
            self.rootLayering = { layered }
            defaults = layered
        } else {
            defaults = try evolutionLookup().defaults(for: decodedType, missing: key, codingPath: codingPath)
        }
        guard let value = defaults?[key.stringValue] else { return nil }
        let path = codingPath + [key]
        try materialise(value.weight, codingPath: path)
        guard depth + value.height <= maximumDepth else { throw tooDeep(path) }
        return value
    }
}
