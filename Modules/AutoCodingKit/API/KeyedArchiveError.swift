import CodingCore

/// A format-level failure while reading or writing a keyed archive, naming where it happened.
///
/// Property-list problems name a byte offset (binary) or a line (XML); archive problems name
/// the `$objects` index (the UID) of the object at fault. Type problems met while decoding a
/// model are reported as `DecodingError` with the coding path instead.
public enum KeyedArchiveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are neither a binary (`bplist00`) nor an XML property list.
    case notAPropertyList
    /// A binary property list that breaks its own structure at `offset`.
    case malformedBinaryPlist(offset: Int, reason: String)
    /// An XML property list that breaks its own structure on `line`.
    case malformedXMLPlist(line: Int, reason: String)
    /// A well-formed property list that is not an `NSKeyedArchiver` archive.
    case notAKeyedArchive(reason: String)
    /// An archive object that breaks the keyed-archive layout: `$objects[uid]`.
    case malformedObject(uid: Int, reason: String)
    /// A UID that points past the end of `$objects`; `place` says where it was found.
    case uidOutOfRange(uid: UInt64, count: Int, place: String)
    /// A chain of references that leads back to an object still being read (`$objects[uid]`),
    /// for kinds that cannot hold themselves (strings, URLs, class descriptions).
    case referenceCycle(uid: Int)
    /// Values nested deeper than the coder's `maximumDepth`; `place` says where.
    case nestingTooDeep(limit: Int, place: String)
    /// Values nested `depth` levels deep, more than the current thread's stack can hold (below
    /// `maximumDepth`: a thread with a small stack); `place` says where.
    case stackExhausted(depth: Int, place: String)
    /// The archive being written does not fit the binary property-list layout.
    case tooLarge(reason: String)

    /// A message naming the place and the problem.
    public var description: String {
        switch self {
        case .notAPropertyList:
            "input is neither a binary property list ('bplist00') nor an XML property list"
        case .malformedBinaryPlist(let offset, let reason):
            "invalid binary property list at offset \(offset): \(reason)"
        case .malformedXMLPlist(let line, let reason):
            "invalid XML property list on line \(line): \(reason)"
        case .notAKeyedArchive(let reason):
            "not an NSKeyedArchiver archive: \(reason)"
        case .malformedObject(let uid, let reason):
            "invalid archive object $objects[\(uid)]: \(reason)"
        case .uidOutOfRange(let uid, let count, let place):
            "UID \(uid) at \(place) is out of range ($objects holds \(count) entries)"
        case .referenceCycle(let uid):
            "reference cycle through $objects[\(uid)], which cannot refer to itself"
        case .nestingTooDeep(let limit, let place):
            "nesting deeper than the limit of \(limit) levels at \(place)"
        case .stackExhausted(let depth, let place):
            "\(StackSpace.message(depth: depth)), at \(place)"
        case .tooLarge(let reason):
            "archive too large: \(reason)"
        }
    }
}
