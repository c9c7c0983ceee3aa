/// A class definition the encoder knows: the recorded name, its keys, and its class-cache slot once written.
struct ClassDefinitionRecord {
    let name: String
    let keys: [String]
    /// `keys.count`, kept apart so that reading it per object retains no array.
    let keyCount: Int
    /// Per key, the tag of the coding key that last matched it (see ``KeyTag``). Owned by the
    /// encoder, which frees it with ``deallocateTags()``; a stable address frames can hold.
    let keyTags: UnsafeMutablePointer<KeyTag>
    /// The class-cache index, set when the ClassDefinition chunk is written into this archive.
    var classIndex: Int?
    /// Whether the name and keys are known to hold no U+0000 (learned definitions were checked
    /// when they were first learned), so writing the definition need not look again.
    var isKnownWritable = false

    init(name: String, keys: [String]) {
        self.name = name
        self.keys = keys
        keyCount = keys.count
        keyTags = KeyTag.unknownTags(count: keys.count)
    }

    func deallocateTags() {
        keyTags.deallocate()
    }
}
