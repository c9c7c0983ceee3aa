import CodingCore

/// A document that HRCoder cannot read as a property list or JSON: where, and what is wrong.
///
/// Problems with the *meaning* of a well-formed document (a wrong-typed value, a missing key,
/// an alias to nowhere) are reported as `DecodingError` with the coding path instead.
public enum HRCoderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input is not valid JSON; `offset` is the byte where reading stopped.
    case invalidJSON(offset: Int, reason: String)
    /// The input is not a valid XML property list; `offset` is the byte where reading stopped.
    case invalidXML(offset: Int, reason: String)
    /// The input is not a valid binary property list; `offset` locates the bad bytes.
    case invalidBinaryPlist(offset: Int, reason: String)
    /// Arrays and dictionaries nest deeper than the coder's `maximumDepth`.
    case nestingTooDeep(limit: Int, offset: Int)
    /// Arrays and dictionaries nest `depth` levels deep, more than the current thread's stack
    /// can hold (below `maximumDepth`: a thread with a small stack).
    case stackExhausted(depth: Int, offset: Int)
    /// The input is empty or starts like none of XML plist, binary plist or JSON.
    case unrecognizedFormat
    /// The tree cannot be written in the requested format (for example NaN in JSON).
    case unrepresentable(path: String, reason: String)

    /// The problem and where it is, in words a person can act on.
    public var description: String {
        switch self {
        case let .invalidJSON(offset, reason):
            "invalid JSON at byte \(offset): \(reason)"
        case let .invalidXML(offset, reason):
            "invalid XML property list at byte \(offset): \(reason)"
        case let .invalidBinaryPlist(offset, reason):
            "invalid binary property list at byte \(offset): \(reason)"
        case let .nestingTooDeep(limit, offset):
            "arrays and dictionaries nest deeper than the limit of \(limit) at byte \(offset); raise maximumDepth if the document is trusted"
        case let .stackExhausted(depth, offset):
            "\(StackSpace.message(depth: depth)), at byte \(offset)"
        case .unrecognizedFormat:
            "the data is neither an XML property list, a binary property list (bplist00) nor JSON"
        case let .unrepresentable(path, reason):
            "cannot write the value at '\(path)': \(reason)"
        }
    }
}
