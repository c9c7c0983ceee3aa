import CodingCore

/// A key read under one of its former names (`Evolvable.formerKeys`): coding paths show the
/// current name, key paths the name the document holds, so that objects read under a former
/// name are registered where the document's aliases name them.
struct HRFormerNameKey: CodingKey {
    /// The key the type asked for.
    let current: any CodingKey
    /// The name the document holds the value under.
    let storedName: String

    init(_ current: any CodingKey, storedAs storedName: String) {
        self.current = current
        self.storedName = storedName
    }

    init?(stringValue: String) {
        self.init(ArchiveCodingKey(stringValue: stringValue), storedAs: stringValue)
    }

    init?(intValue: Int) {
        self.init(ArchiveCodingKey(intValue: intValue), storedAs: String(intValue))
    }

    var stringValue: String { current.stringValue }
    var intValue: Int? { current.intValue }
}
