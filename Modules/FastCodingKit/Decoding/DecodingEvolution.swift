import CodingCore

/// One decode's state for CodingCore's evolution contract (`Evolvable`), kept by its
/// ``FastDecodingContext`` from the first key an archive lacks (or from the start of a decode
/// over a base value): a decode whose archive holds every key never makes it.
final class DecodingEvolution {
    /// The decode's `userInfo`, converted once, for the defaults and their decoders.
    let userInfo: [CodingUserInfoKey: Any]
    /// In a decode over a base value, the defaults of the root value's keys: the base's values.
    let layered: TypeDefaults?
    /// The defaults and former key names of the types met, worked out once per type.
    private(set) lazy var lookup = EvolutionLookup(userInfo: userInfo)
    /// The current names of keys read under a former name, for coding paths: a frame key whose
    /// position is −2 − i names the i-th (see ``FastDecodingContext/FrameKey``). One entry per
    /// distinct name, so the list is as long as the model's renamed keys, whatever the archive.
    private var renamedKeys: [String] = []

    init(userInfo: [CodingUserInfoKey: Any], layered: TypeDefaults?) {
        self.userInfo = userInfo
        self.layered = layered
    }

    /// The frame-key position that names `key`, a key read under a former name.
    func position(namingRenamed key: String) -> Int {
        if let index = renamedKeys.firstIndex(of: key) { return -2 - index }
        renamedKeys.append(key)
        return -1 - renamedKeys.count
    }

    /// The key a position from ``position(namingRenamed:)`` names.
    func renamedKey(at position: Int) -> String? {
        let index = -2 - position
        return renamedKeys.indices.contains(index) ? renamedKeys[index] : nil
    }
}
