import CodingCore
import Foundation

/// Streams an `NSKeyedArchiver` archive into a binary property list.
///
/// `$objects` entries are written as soon as they are complete; the writer remembers only the
/// property-list reference of each entry (by UID), the references of UID objects, and the
/// strings and class descriptions written (each once). ``finish(root:)`` appends `$objects`,
/// `$top` and the archive's header keys. Entry 0 is `$null`, as in Apple's archives.
struct KeyedArchiveWriter {
    var plist: BinaryPlistWriter
    /// The property-list reference of each `$objects` entry; -1 while it is being written.
    private var entryReferences: [Int] = []
    /// The property-list reference of the UID object for each UID; -1 until first needed.
    private var uidReferences: [Int] = []
    /// Every string written, each once.
    private var strings = WrittenStrings()
    private var classEntries: [String: UInt64] = [:]
    private var classKey = -1
    private var foundationLayouts: [FoundationLayout] = []

    /// A Foundation class's `$class` reference and the references of `$class` and its keys.
    private struct FoundationLayout {
        let className: String
        let keys: [String]
        let classReference: Int
        let keyReferences: [Int]
    }

    init(capacity: Int = 4096) {
        plist = BinaryPlistWriter(capacity: capacity)
        let null = reserveUID()
        setEntry(null, reference: string("$null"))
        classKey = string("$class")
        // The header keys early in the file, where Apple's writer has them too, so a sniff of the
        // leading bytes finds `$archiver`.
        for key in ["$archiver", KeyedArchiveContents.archiverName, "$top", "root", "$objects", "$version"] {
            _ = string(key)
        }
    }

    var entryCount: Int { entryReferences.count }

    /// A new `$objects` slot, to be filled with ``setEntry(_:reference:)``.
    @inline(__always)
    mutating func reserveUID() -> UInt64 {
        entryReferences.append(-1)
        uidReferences.append(-1)
        return UInt64(entryReferences.count - 1)
    }

    @inline(__always)
    mutating func setEntry(_ uid: UInt64, reference: Int) {
        entryReferences[Int(uid)] = reference
    }

    /// A new entry holding the property-list object `reference`; returns its UID reference.
    mutating func entry(_ reference: Int) -> Int {
        let uid = reserveUID()
        setEntry(uid, reference: reference)
        return uidReference(uid)
    }

    /// The property-list reference of a UID object for `uid` (written once per UID).
    @inline(__always)
    mutating func uidReference(_ uid: UInt64) -> Int {
        let existing = uidReferences[Int(uid)]
        if existing >= 0 { return existing }
        let reference = plist.uid(uid)
        uidReferences[Int(uid)] = reference
        return reference
    }

    /// The property-list string `text` (written once per archive), for keys and class names.
    @inline(__always)
    mutating func string(_ text: String) -> Int {
        // Two statements: in `strings.reference(strings.number(...))` Swift would read `strings`
        // for the outer call before the inner one adds the new string to it.
        let number = strings.number(of: text, writingTo: &plist)
        return strings.reference(number)
    }

    /// The UID reference of the `$objects` entry holding `text` (one entry per distinct text).
    mutating func stringEntry(_ text: String) -> Int {
        let number = strings.number(of: text, writingTo: &plist)
        if let uid = strings.uid(number) { return uidReference(uid) }
        let uid = reserveUID()
        setEntry(uid, reference: strings.reference(number))
        strings.setUID(uid, of: number)
        return uidReference(uid)
    }

    /// The `$class` key's string reference.
    var classKeyReference: Int { classKey }

    /// The UID reference of the class description `{$classes, $classname}` for `name`.
    /// `chain` is the class followed by its superclasses; it is recorded the first time only.
    mutating func classReference(_ name: String, chain: @autoclosure () -> [String]) -> Int {
        if let uid = classEntries[name] { return uidReference(uid) }
        let uid = reserveUID()
        let classes = plist.array(chain().map { string($0) })
        let keys = [string("$classes"), string("$classname")]
        setEntry(uid, reference: plist.dictionary(keys: keys, values: [classes, string(name)]))
        classEntries[name] = uid
        return uidReference(uid)
    }

    /// A complete entry for an instance of `className` (a Foundation class) from its fields.
    mutating func foundationObject(_ className: String, keys: [String], values: [Int], into uid: UInt64? = nil) -> Int {
        let target = uid ?? reserveUID()
        let layout = foundationLayout(className, keys: keys)
        var valueReferences = [layout.classReference]
        valueReferences.reserveCapacity(values.count + 1)
        valueReferences += values
        setEntry(target, reference: plist.dictionary(keys: layout.keyReferences, values: valueReferences))
        return uidReference(target)
    }

    /// The `$class` and key references of one Foundation layout, found by a short linear search
    /// (a handful of layouts per archive; comparing short strings is cheaper than hashing them).
    private mutating func foundationLayout(_ className: String, keys: [String]) -> FoundationLayout {
        for layout in foundationLayouts where layout.className == className && layout.keys == keys { return layout }
        let layout = FoundationLayout(
            className: className, keys: keys,
            classReference: classReference(className, chain: Self.foundationChain(className)),
            keyReferences: [classKey] + keys.map { string($0) })
        foundationLayouts.append(layout)
        return layout
    }

    /// `$classes` of the Foundation classes the kit writes.
    static func foundationChain(_ className: String) -> [String] {
        switch className {
        case "NSMutableArray": ["NSMutableArray", "NSArray", "NSObject"]
        case "NSMutableDictionary": ["NSMutableDictionary", "NSDictionary", "NSObject"]
        case "NSMutableSet": ["NSMutableSet", "NSSet", "NSObject"]
        case "NSMutableOrderedSet": ["NSMutableOrderedSet", "NSOrderedSet", "NSObject"]
        case "NSMutableString": ["NSMutableString", "NSString", "NSObject"]
        case "NSMutableData": ["NSMutableData", "NSData", "NSObject"]
        case "NSDecimalNumber": ["NSDecimalNumber", "NSNumber", "NSValue", "NSObject"]
        default: [className, "NSObject"]
        }
    }

    /// The contents of the finished `NSDictionary` (its keys and values) or `NSArray` (its items,
    /// as `values`) entry that the UID object `reference` points to, read back from the output so
    /// that a later container of the same key can add to it; `nil` for any other entry.
    func writtenCollection(atUIDReference reference: Int) -> (isDictionary: Bool, keys: [Int], values: [Int])? {
        guard let uid = uidReferences.firstIndex(of: reference), entryReferences[uid] >= 0,
            let (keys, values) = plist.writtenEntries(ofDictionary: entryReferences[uid])
        else { return nil }
        for layout in foundationLayouts where layout.keyReferences == keys {
            switch layout.className {
            case "NSDictionary":
                guard let dictionaryKeys = plist.writtenItems(ofArray: values[1]),
                    let dictionaryValues = plist.writtenItems(ofArray: values[2]),
                    values[0] == layout.classReference
                else { return nil }
                return (true, dictionaryKeys, dictionaryValues)
            case "NSArray":
                guard let items = plist.writtenItems(ofArray: values[1]),
                    values[0] == layout.classReference
                else { return nil }
                return (false, [], items)
            default:
                continue
            }
        }
        return nil
    }

    /// Appends `$objects`, `$top` and the header keys; `root` is the root value's reference.
    mutating func finish(root: Int) throws -> Data {
        if let unfinished = entryReferences.firstIndex(of: -1) {
            throw KeyedArchiveError.malformedObject(
                uid: unfinished, reason: "the entry was never completed while writing")
        }
        let objects = plist.array(entryReferences)
        let top = plist.dictionary(keys: [string("root")], values: [root])
        let version = plist.integer(KeyedArchiveContents.version)
        let keys = [string("$version"), string("$archiver"), string("$top"), string("$objects")]
        let values = [version, string(KeyedArchiveContents.archiverName), top, objects]
        let document = plist.dictionary(keys: keys, values: values)
        guard plist.offsets.count <= Int(UInt32.max) else {
            throw KeyedArchiveError.tooLarge(
                reason: "\(plist.offsets.count) property-list objects need references wider than 4 bytes")
        }
        guard let data = plist.finish(top: document) else {
            throw KeyedArchiveError.tooLarge(reason: "memory ran out after \(plist.byteCount) bytes of output")
        }
        return data
    }
}
