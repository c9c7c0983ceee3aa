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
        var path = first.stringValue
        for key in codingPath.dropFirst() {
            path.append(".")
            path.append(key.stringValue)
        }
        return path
    }

    /// The path component of one coding key (array positions use ``HRIndexKey``, whose
    /// string value is the decimal index).
    static func component(_ key: any CodingKey) -> String {
        key.stringValue
    }

    /// The components of a key path (`$root` has none).
    static func components(_ path: String) -> [String] {
        path == HRValue.rootPath ? [] : path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
}
