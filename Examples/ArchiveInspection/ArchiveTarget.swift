/// A format `convert --to` can write, and what each can hold.
package enum ArchiveTarget: String, CaseIterable, Sendable {
    case fastCoding = "fastcoding"
    case hrJSON = "hr-json"
    case hrXML = "hr-xml"
    case hrBinary = "hr-binary"
    case keyed = "keyed"
    case json = "json"
    case plist = "plist"

    /// The conventional file extension.
    package var fileExtension: String {
        switch self {
        case .fastCoding: "fast"
        case .hrJSON, .json: "json"
        case .hrXML, .hrBinary, .keyed, .plist: "plist"
        }
    }

    /// Whether the format records which containers, strings and data are mutable.
    package var keepsMutability: Bool {
        self == .fastCoding || self == .keyed
    }

    /// The formats `inspect` may report for a file written as this one: a document without
    /// `$class` or `$alias` is plain JSON or plist, and plain targets are HRCoder's readers too.
    package var readBackFormats: Set<String> {
        switch self {
        case .fastCoding: ["fastcoding"]
        case .keyed: ["keyed"]
        case .hrJSON, .json: ["hr-json", "json"]
        case .hrXML, .hrBinary, .plist: ["hr-xml", "hr-binary", "plist"]
        }
    }

    /// One line on how the format is recognised and what it holds, for `formats`.
    package var summary: String {
        switch self {
        case .fastCoding: "FastCoding 3.x; magic 'TSAF'; every kind, class names, shared objects, cycles"
        case .hrJSON: "HRCoder JSON; '{' or '[' with $class/$alias; objects, shared objects, cycles; no sets"
        case .hrXML: "HRCoder XML plist; '<?xml'/'<plist' with $class/$alias; like hr-json, plus native dates/data"
        case .hrBinary: "HRCoder binary plist; 'bplist00' with $class/$alias; like hr-xml"
        case .keyed: "NSKeyedArchiver (binary plist); a plist naming $archiver; objects, sharing, cycles; no index sets"
        case .json: "plain JSON; no class names, no shared objects, no dates, data or sets"
        case .plist: "plain plist (XML or binary); no class names, shared objects, null or sets"
        }
    }
}
