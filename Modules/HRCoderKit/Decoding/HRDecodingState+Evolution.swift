import CodingCore

/// CodingCore's evolution contract (`Evolvable`): what a keyed container falls back on when the
/// dictionary it reads lacks a key.
///
/// A default is not part of the document: it has no key path, so no alias can name it, and it
/// is decoded from the type's defaults rather than through `unbox` (nothing is registered or
/// cached for it). A value holding defaults that an alias names is shared or cached like any
/// other, with the defaults' weight and height counted in.
extension HRDecodingState {
    /// The run's lookup of defaults and former key names, made on first use: a document that
    /// holds every key never needs it.
    var evolution: EvolutionLookup {
        if let evolutionLookup { return evolutionLookup }
        let lookup = EvolutionLookup(userInfo: userInfo)
        evolutionLookup = lookup
        return lookup
    }

    /// The earlier names of `key` that `type` declares, newest first; empty for a nested
    /// container or super decoder (`nil` type).
    func formerKeys(of type: Any.Type?, for key: String) -> [String] {
        guard let type, declaresFormerKeys(type) else { return [] }
        return evolution.formerKeys(of: type, for: key)
    }

    /// Whether `type` declares former key names. Asked for each absent key (a `nil` optional
    /// is one), so answered from a list after the first time rather than by a conformance check.
    private func declaresFormerKeys(_ type: Any.Type) -> Bool {
        let id = ObjectIdentifier(type)
        for entry in formerKeyDeclarations where entry.type == id { return entry.declares }
        let declares = (type as? any Evolvable.Type).map { !$0.formerKeys.isEmpty } ?? false
        formerKeyDeclarations.append((id, declares))
        return declares
    }

    /// The default of `key`, which the dictionary `decoder` reads lacks, charged to the expansion
    /// budget and checked against the depth limit as if the document held it; `nil` when there is
    /// none (the decoded type does not adopt `Evolvable`, or a new instance leaves the key out).
    ///
    /// The root's dictionary takes the base value's keys when decoding over one.
    func defaultValue(for key: any CodingKey, in decoder: HRDecoderImplementation) throws -> DefaultValue? {
        let defaults: TypeDefaults?
        if let layeredDefaults, decoder.codingPath.isEmpty {
            defaults = layeredDefaults
        } else if let type = decoder.decodedType {
            defaults = try evolution.defaults(for: type, missing: key, codingPath: decoder.codingPath)
        } else {
            defaults = nil
        }
        guard let value = defaults?[key.stringValue] else { return nil }
        let codingPath = decoder.codingPath + [key]
        materialised += value.weight
        guard materialised <= expansionBudget else {
            throw overBudget(at: codingPath, through: "the defaults of missing keys")
        }
        try reachThrough(height: value.height, at: codingPath)
        return value
    }
}
