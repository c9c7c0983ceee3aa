import CodingCore

/// A format-level failure while reading FastCoding bytes, with the offset where it happened.
///
/// Type problems in typed decoding are reported as `DecodingError` instead; this enum covers
/// what is wrong with the bytes themselves, so a person can find the spot with a hex viewer.
public enum FastCodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input is shorter than a header (8 bytes, or 20 for the v3 counts).
    case tooShort(length: Int, needed: Int)
    /// The first four bytes are not the FastCoding identifier `TSAF`.
    case badIdentifier
    /// The major version is not one this reader understands (only 3 is supported).
    case unsupportedVersion(major: UInt16, minor: UInt16)
    /// The input ended while `expected` was being read at `offset`.
    case unexpectedEnd(offset: Int, expected: String)
    /// A type byte that is not a FastCoding chunk code.
    case unknownChunkType(code: UInt8, offset: Int)
    /// A valid chunk code in a place where it cannot stand.
    case unexpectedChunk(ChunkType, offset: Int, expected: String)
    /// An alias or class index that points past the entries read so far.
    case indexOutOfRange(table: String, index: Int, count: Int, offset: Int)
    /// A string whose bytes are not valid UTF-8.
    case invalidUTF8(offset: Int)
    /// Containers nested deeper than the decoder's `maximumDepth`.
    case nestingTooDeep(limit: Int, offset: Int)
    /// Containers nested `depth` levels deep, more than the current thread's stack can hold
    /// (below `maximumDepth`: a thread with a small stack).
    case stackExhausted(depth: Int, offset: Int)
    /// A count or length that the rest of the input cannot possibly hold.
    case countTooLarge(count: UInt64, offset: Int, remaining: Int)
    /// A Date chunk whose seconds are NaN, which no `Date` can hold safely (printing one traps).
    case dateIsNotANumber(offset: Int)
    /// Aliases of value types made the decoder re-read more than `limit` bytes (the decoder's
    /// `maximumExpansion` times the input size); `offset` is the aliased chunk that crossed it.
    /// The defaults of keys an archive lacks count too, one byte per value they hold (`offset`
    /// is then where the value lacking the key was being read).
    case expansionTooLarge(limit: Int, offset: Int)

    /// A message naming the offset and what was expected there.
    public var description: String {
        switch self {
        case let .tooShort(length, needed):
            "input of \(length) bytes is too short for a FastCoding header (needs at least \(needed))"
        case .badIdentifier:
            "input does not start with the FastCoding identifier 'TSAF' (54 53 41 46)"
        case let .unsupportedVersion(major, minor):
            "FastCoding version \(major).\(minor) is not supported (this reader reads major version 3)"
        case let .unexpectedEnd(offset, expected):
            "unexpected end of input at offset \(offset) while reading \(expected)"
        case let .unknownChunkType(code, offset):
            "unknown chunk type \(code) at offset \(offset) (valid codes are 0...48)"
        case let .unexpectedChunk(type, offset, expected):
            "unexpected chunk \(type) at offset \(offset); expected \(expected)"
        case let .indexOutOfRange(table, index, count, offset):
            "\(table) index \(index) at offset \(offset) is out of range (the table holds \(count) entries so far)"
        case let .invalidUTF8(offset):
            "string at offset \(offset) is not valid UTF-8"
        case let .nestingTooDeep(limit, offset):
            "nesting deeper than the limit of \(limit) levels at offset \(offset)"
        case let .stackExhausted(depth, offset):
            "\(StackSpace.message(depth: depth)), at offset \(offset)"
        case let .countTooLarge(count, offset, remaining):
            "count \(count) at offset \(offset) cannot fit in the \(remaining) bytes that remain"
        case let .dateIsNotANumber(offset):
            "the date at offset \(offset) is not a number (NaN); no Date can hold it"
        case let .expansionTooLarge(limit, offset):
            "aliases re-read more than \(limit) bytes (last the chunk at offset \(offset)); "
                + "the archive expands too far through shared values or the defaults of missing keys; "
                + "raise maximumExpansion if it is trusted"
        }
    }
}
