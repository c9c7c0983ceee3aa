import CodingCore

/// CodingCore's evolution contract (`Evolvable`) on the decoder's side: keys read under a former
/// name, and defaults for keys an archive lacks.
///
/// Nothing here runs while the archive holds the keys asked for: the keyed container reaches it
/// only once a key is found neither next in the stream nor in the value's class definition (or
/// dictionary), from out-of-line functions, so the streaming fast path is what it was. A type
/// that does not adopt `Evolvable` is told apart by its cached ``StaticInfo`` and never makes
/// the decode's ``DecodingEvolution``.
extension FastDecodingContext {
    /// The decode's evolution state, made on first use.
    var evolutionState: DecodingEvolution {
        if let evolution { return evolution }
        let made = DecodingEvolution(userInfo: userInfo, layered: nil)
        evolution = made
        return made
    }

    /// The type the value of frame `index` is decoded as, when it adopts `Evolvable`.
    private func evolvableType(of index: Int) -> Any.Type? {
        guard let type = frames[index].decodedType, staticInfo(ofType: type).isEvolvable else { return nil }
        return type
    }

    /// The former names that the type of frame `index` declares for `key`, newest first.
    private func formerKeys(of key: String, in index: Int) -> [String] {
        guard let type = evolvableType(of: index) else { return [] }
        return evolutionState.lookup.formerKeys(of: type, for: key)
    }

    /// The keys the keyed value of frame `index` holds: its class definition's, or those scanned.
    private func keyNames(of index: Int) -> [String] {
        frames[index].kind == .streamingObject
            ? classes[frames[index].classIndex].keys : frames[index].scanned?.keys ?? []
    }

    /// Whether the keyed value of frame `index` holds `key` under a former name.
    func holdsFormerKey(of key: String, in index: Int) -> Bool {
        let formerKeys = formerKeys(of: key, in: index)
        guard !formerKeys.isEmpty else { return false }
        let names = keyNames(of: index)
        return formerKeys.contains { names.contains($0) }
    }

    /// Where the keyed value of frame `index` holds `key` under the newest former name it has:
    /// a frame-key position that names `key` (coding paths keep the current key), and the
    /// offset to re-read the value from, or −1 when it is the next value in the stream (claimed
    /// now). `nil` when it holds none.
    func locateFormerKey(of key: String, in index: Int) throws -> (position: Int, offset: Int)? {
        for formerKey in formerKeys(of: key, in: index) {
            if frames[index].kind == .streamingObject {
                let keys = classes[frames[index].classIndex].keys
                let cursor = frames[index].cursor
                if cursor < frames[index].count && keys.indices.contains(cursor)
                    && UTF8StringKey.haveSameBytes(keys[cursor], formerKey)
                {
                    frames[index].cursor = cursor + 1
                    return (evolutionState.position(namingRenamed: key), -1)
                }
                guard keys.contains(formerKey) else { continue }
                try scanObjectValues(index)
            }
            if let scanned = frames[index].scanned,
                let found = scanned.keys.firstIndex(where: { UTF8StringKey.haveSameBytes($0, formerKey) })
            {
                return (evolutionState.position(namingRenamed: key), scanned.offsets[found])
            }
        }
        return nil
    }

    /// The default of `key`, which the keyed value of frame `index` lacks under every name,
    /// counted against the decode's limits; `nil` when it has none (the caller throws
    /// `keyNotFound`). The root value of a decode over a base value takes the base's values;
    /// any other value its type's defaults, when the type adopts `Evolvable`.
    func defaultValue(for key: some CodingKey, in index: Int) throws -> DefaultValue? {
        let defaults: TypeDefaults?
        if index == 0, let layered = evolution?.layered {
            defaults = layered
        } else if let type = evolvableType(of: index) {
            do {
                defaults = try evolutionState.lookup.defaults(for: type, missing: key, codingPath: [])
            } catch {
                // The path is built for the error only: a default found needs none.
                throw relocating(error, to: path(through: index))
            }
        } else {
            return nil
        }
        guard let value = defaults?[key.stringValue] else { return nil }
        try charge(value)
        return value
    }

    /// Counts a default against the decode's limits as if the archive held it here: its values
    /// against the expansion budget (``FastDecoder/maximumExpansion``, shared with re-read
    /// aliases), its levels against the depth limit and the thread's stack.
    private func charge(_ value: DefaultValue) throws {
        let offset = reader.offset
        let (expanded, overflow) = replayedBytes.addingReportingOverflow(value.weight)
        replayedBytes = overflow ? .max : expanded
        if replayedBytes > replayBudget { throw FastCodingError.expansionTooLarge(limit: replayBudget, offset: offset) }
        let reaches = depth + value.height
        if reaches > maximumDepth { throw FastCodingError.nestingTooDeep(limit: maximumDepth, offset: offset) }
        if stackSpace.isRunningOut(atDepth: reaches) {
            throw FastCodingError.stackExhausted(depth: reaches, offset: offset)
        }
        if reaches > reach { reach = reaches }
    }

    /// `value`, the default of `key` in frame `index`, decoded as a `T` at the key's path.
    ///
    /// A leaf (a number, a string, a date) is first decoded without the path: no user code sees
    /// it, and only an error would name it, so the path is built for an error only. Building it
    /// was a third of the cost of a missing key (≈ 2,000 instructions of ≈ 5,900 per record
    /// lacking one `Int` in `Scripts/bench --instructions --evolution`).
    func decodeDefault<T: Decodable>(
        _ value: DefaultValue, as type: T.Type, for key: some CodingKey, in index: Int, isLeaf: Bool
    ) throws -> T {
        let userInfo = evolutionState.userInfo
        if isLeaf {
            do {
                return try value.decode(type, codingPath: [], userInfo: userInfo)
            } catch {
                // Decoded again below, for the error with its path.
            }
        }
        return try value.decode(type, codingPath: path(to: key, in: index), userInfo: userInfo)
    }

    /// A decoder reading `value`, the default of `key` in frame `index`, for a nested container.
    func defaultDecoder(_ value: DefaultValue, for key: some CodingKey, in index: Int) -> any Decoder {
        value.decoder(codingPath: path(to: key, in: index), userInfo: evolutionState.userInfo)
    }

    /// The coding path of `key` in frame `index`.
    private func path(to key: some CodingKey, in index: Int) -> [any CodingKey] {
        var path = path(through: index)
        path.append(key)
        return path
    }

    /// The coding key of a frame key whose position names a key read under a former name.
    func renamedCodingKey(_ key: FrameKey) -> (any CodingKey)? {
        guard let name = evolution?.renamedKey(at: key.position) else { return nil }
        return key.keyType?.init(stringValue: name) ?? ArchiveCodingKey(stringValue: name)
    }
}
