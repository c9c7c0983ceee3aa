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
