/// HRCoder key paths: the positions that `$alias` values name (spec §4.1).
///
/// Keys of dictionaries and decimal indices of arrays, joined with `.`, counted from (but not
/// including) the root; the root itself is `$root`. There is no escaping.
enum HRKeyPath {
    /// The key path of the position reached through `components` (empty: the root).
    static func string(_ components: [String]) -> String {
        components.isEmpty ? HRValue.rootPath : components.joined(separator: ".")
    }

    /// The key path of a coding path.
    static func string(_ codingPath: [any CodingKey]) -> String {
        guard let first = codingPath.first else { return HRValue.rootPath }
        var path = component(first)
        for key in codingPath.dropFirst() {
            path.append(".")
            path.append(component(key))
        }
        return path
    }

    /// A position as messages name it, the suite's way (`'contacts[0].name'`, see
    /// `CodingPathDescription`): key paths are the document's syntax for aliases, not for errors.
    /// A key read under a former name is named as the document holds it.
    static func place(_ codingPath: [any CodingKey]) -> String {
        CodingPathDescription.place(
            codingPath.map { key in
                guard let renamed = key as? HRFormerNameKey else { return key }
                return ArchiveCodingKey(stringValue: renamed.storedName)
            })
    }

    /// The position reached through key-path `components`, as messages name it.
    static func place(_ components: [String]) -> String {
        CodingPathDescription.place(components.map(codingKey))
    }

    /// The position reached through key-path `components`, as messages name it, unquoted.
    static func description(_ components: [String]) -> String {
        CodingPathDescription.string(components.map(codingKey))
    }

    /// The key-path text of one coding key: array positions as decimal indices (not `Index n`).
    private static func component(_ key: any CodingKey) -> String {
        // The kit's own keys (positions, integer dictionary keys) by their number; a metatype
        // comparison, cheaper than a cast.
        if type(of: key) == ArchiveCodingKey.self, let integer = key.intValue { return String(integer) }
        // A key read under a former name: the document's name for it.
        if type(of: key) == HRFormerNameKey.self, let renamed = key as? HRFormerNameKey { return renamed.storedName }
        return key.stringValue
    }

    /// The coding key of one key-path component: decimal components are array positions
    /// (or integer dictionary keys), anything else a string key.
    static func codingKey(_ component: String) -> any CodingKey {
        guard let integer = Int(component), String(integer) == component else {
            return ArchiveCodingKey(stringValue: component)
        }
        return ArchiveCodingKey(intValue: integer)
    }

    /// The components of a key path (`$root` has none).
    static func components(_ path: String) -> [String] {
        path == HRValue.rootPath ? [] : path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
}
