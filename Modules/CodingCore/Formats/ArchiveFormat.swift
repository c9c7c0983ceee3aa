import Foundation

/// A way of turning `Encodable` values into bytes and back: one archive format of the suite.
///
/// Every kit vends its formats as values of this protocol, with leading-dot spellings such as
/// `.fastCoding` or `.hrCodedJSON`, so a model can choose its format without its own library
/// depending on the kit that implements it.
public protocol ArchiveFormat: Sendable {
    /// A stable, unique name for the format, e.g. `"fastcoding"`; suitable for settings and logs.
    var identifier: String { get }

    /// The file extension (without the dot) files in this format conventionally use, e.g. `"fast"`.
    var fileExtension: String { get }

    /// Encodes `value` as a complete archive.
    func encode<T: Encodable>(_ value: T) throws -> Data

    /// Decodes a value of type `type` from a complete archive.
    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T

    /// Decodes a value of type `type` from a complete archive layered over `base`: each key the
    /// archive's top-level value lacks takes `base`'s value, each key it holds replaces it.
    ///
    /// This is the original BaseModel's `setWithCoder:`, merging an archive into a model: a
    /// shared instance is built as set-up values, then a resource file over them, then the save
    /// file over that. Nested values are decoded whole (their missing keys take their own
    /// type's defaults when it is ``Evolvable``), and, as everywhere, a missing optional stays
    /// `nil` rather than taking `base`'s value (see ``Evolvable``).
    ///
    /// The suite's formats all implement it; a format of your own that does not decodes the
    /// archive alone.
    func decode<T: Codable>(_ type: T.Type, from data: Data, over base: T) throws -> T

    /// A cheap sniff of the leading bytes: `true` when `data` looks like an archive of this format.
    ///
    /// It never parses the whole input, so a `true` answer does not promise that decoding succeeds.
    func recognizes(_ data: Data) -> Bool

    /// Where the format is tried when a file's format is detected; ``ArchiveDetectionPriority/plain``
    /// unless the format says otherwise.
    var detectionPriority: ArchiveDetectionPriority { get }

    /// Whether the format's files hold secrets (even encrypted ones): they are then written
    /// readable by their owner only (mode `0o600`). `false` unless the format says otherwise.
    var holdsSecrets: Bool { get }
}

extension ArchiveFormat {
    public var detectionPriority: ArchiveDetectionPriority { .plain }

    /// Decodes the archive alone, without layering: a format must implement layering in its own
    /// decoder, and one that does not gives each missing key the type's own default (when its
    /// decoder honours ``Evolvable``) rather than `base`'s.
    public func decode<T: Codable>(_ type: T.Type, from data: Data, over base: T) throws -> T {
        try decode(type, from: data)
    }

    public var holdsSecrets: Bool { false }

    /// Encodes `value` and writes the archive to `url` atomically and durably (see ``AtomicFile``):
    /// mode `0o600` when the format ``holdsSecrets``, else an existing file's mode (`0o644` for a
    /// new one).
    public func write<T: Encodable>(_ value: T, to url: URL) throws {
        try AtomicFile.write(try encode(value), to: url, permissions: holdsSecrets ? 0o600 : nil)
    }

    /// Reads the file at `url` and decodes a value of type `type` from it.
    ///
    /// - Parameter limit: the largest file read, in bytes; a larger one is refused before it is
    ///   read. By default ``ArchiveLimits/defaultMaximumFileSize``.
    /// - Throws: ``FileReadError`` when the file cannot be read or is over `limit`; the format's
    ///   decoding error.
    public func read<T: Decodable>(
        _ type: T.Type, from url: URL, limit: Int = ArchiveLimits.defaultMaximumFileSize
    ) throws -> T {
        try decode(type, from: try FileContents.read(from: url, limit: limit))
    }
}

/// Picks, among several formats, the one whose ``ArchiveFormat/recognizes(_:)`` accepts some bytes.
public enum ArchiveFormatDetection {
    /// The first format, in the suite's detection order, that recognises `data`; `nil` when none does.
    ///
    /// Candidates are tried by ``ArchiveFormat/detectionPriority`` (encrypted → fastcoding →
    /// keyed → hr-\* → plain), whatever order they are passed in; candidates of equal priority
    /// keep the order they were given in.
    public static func format(
        of data: Data,
        among candidates: [any ArchiveFormat]
    ) -> (any ArchiveFormat)? {
        ordered(candidates).first { $0.recognizes(data) }
    }

    /// `candidates` in the suite's detection order (stable within one priority).
    public static func ordered(_ candidates: [any ArchiveFormat]) -> [any ArchiveFormat] {
        candidates.enumerated()
            .sorted { ($0.element.detectionPriority, $0.offset) < ($1.element.detectionPriority, $1.offset) }
            .map(\.element)
    }
}
