/// Where a format stands in the suite's one detection order: specific sniffs before general ones.
///
/// The order is **encrypted → fastcoding → keyed → hr-\* → plain**. An encrypted envelope and
/// FastCoding have magic bytes of their own; a keyed archive is a property list that names
/// `$archiver`; HRCoder documents are property lists or JSON that may carry `$class`; plain
/// property lists and JSON accept almost anything of their kind, so they come last.
/// ``ArchiveFormatDetection`` follows this order whatever order its candidates come in.
public enum ArchiveDetectionPriority: Int, Comparable, Sendable, CaseIterable {
    /// Encrypted envelopes (CryptoCodingKit).
    case encrypted
    /// FastCoding archives (FastCodingKit).
    case fastCoding
    /// Keyed archives in NSKeyedArchiver's layout (AutoCodingKit).
    case keyedArchive
    /// HRCoder documents (HRCoderKit).
    case humanReadable
    /// Plain property lists, JSON and any other format; the default.
    case plain

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
