import Foundation

/// A property list checked to be an `NSKeyedArchiver` archive: `$archiver`, `$version` 100000,
/// `$objects` starting with `$null`, and `$top` naming the root.
///
/// Readers resolve UIDs through ``entry(_:place:)``, which checks them against `$objects`.
struct KeyedArchiveContents: Sendable {
    /// The archiver name and version every archive records.
    static let archiverName = "NSKeyedArchiver"
    static let version: Int64 = 100_000

    let document: PlistDocument
    /// The `$objects` array: the document index of each entry, by UID.
    let entries: PlistList
    /// The document index of `$top.root`'s value.
    let root: Int
    /// The number of bytes parsed (the bound of expansion budgets).
    let byteCount: Int

    init(data: Data, maximumDepth: Int) throws {
        let document = try PlistDocument.parse(data, maximumDepth: maximumDepth)
        try self.init(document: document, byteCount: data.count)
    }

    init(document: PlistDocument, byteCount: Int) throws {
        self.document = document
        self.byteCount = byteCount
        guard case .dictionary(let header) = document.objects[document.top] else {
            let kind = document.objects[document.top].kindDescription
            throw KeyedArchiveError.notAKeyedArchive(
                reason: "the top of the property list is \(kind), not a dictionary")
        }
        func value(_ key: String) -> PlistObject? {
            document.value(named: key, in: header).map { document.objects[$0] }
        }
        guard let archiver = value("$archiver").flatMap(document.string) else {
            throw KeyedArchiveError.notAKeyedArchive(reason: "no '$archiver' string")
        }
        guard archiver == Self.archiverName else {
            throw KeyedArchiveError.notAKeyedArchive(
                reason: "'$archiver' is '\(archiver.prefix(60))', not NSKeyedArchiver")
        }
        guard case .integer(let version, _)? = value("$version"), version == Self.version else {
            throw KeyedArchiveError.notAKeyedArchive(reason: "'$version' is missing or not 100000")
        }
        guard case .array(let entries)? = value("$objects") else {
            throw KeyedArchiveError.notAKeyedArchive(reason: "no '$objects' array")
        }
        guard entries.count > 0, document.string(at: document.item(0, of: entries)) == "$null" else {
            throw KeyedArchiveError.notAKeyedArchive(reason: "'$objects' does not start with '$null'")
        }
        guard case .dictionary(let top)? = value("$top") else {
            throw KeyedArchiveError.notAKeyedArchive(reason: "no '$top' dictionary")
        }
        guard let root = document.value(named: "root", in: top) else {
            throw KeyedArchiveError.notAKeyedArchive(reason: "'$top' has no 'root' key")
        }
        self.entries = entries
        self.root = root
    }

    /// The number of `$objects` entries.
    var entryCount: Int { entries.count }

    /// The document index of `$objects[uid]`; `place` names where the UID was found.
    @inline(__always)
    func entry(_ uid: UInt64, place: @autoclosure () -> String) throws -> Int {
        guard uid < UInt64(entries.count) else {
            throw KeyedArchiveError.uidOutOfRange(uid: uid, count: entries.count, place: place())
        }
        return document.item(Int(uid), of: entries)
    }

    /// The document index of `$objects[uid]`, for a `uid` already checked to be in range.
    @inline(__always)
    func checkedEntry(_ uid: Int) -> Int {
        document.item(uid, of: entries)
    }

    /// The class description `{$classname, $classes}` a `$class` UID points to.
    func classDescription(_ uid: UInt64, of objectUID: Int) throws -> (name: String, classes: [String]) {
        let index = try entry(uid, place: "$objects[\(objectUID)].$class")
        guard case .dictionary(let description) = document.objects[index] else {
            throw KeyedArchiveError.malformedObject(uid: Int(uid), reason: "a class description must be a dictionary")
        }
        guard let nameIndex = document.value(named: "$classname", in: description),
            let name = document.string(at: nameIndex)
        else {
            throw KeyedArchiveError.malformedObject(
                uid: Int(uid), reason: "the class description has no '$classname' string")
        }
        var classes: [String] = []
        if let chainIndex = document.value(named: "$classes", in: description),
            case .array(let items) = document.objects[chainIndex]
        {
            for item in 0..<items.count {
                guard let className = document.string(at: document.item(item, of: items)) else {
                    throw KeyedArchiveError.malformedObject(uid: Int(uid), reason: "'$classes' holds a non-string")
                }
                classes.append(className)
            }
        }
        return (name, classes)
    }
}
