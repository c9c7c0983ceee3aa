import Foundation

/// One-call writing of keyed archives, in the spirit of `NSKeyedArchiver`'s class methods.
///
/// ```swift
/// let data = try KeyedArchiver.archivedData(withRootObject: people)
/// let xml = try KeyedArchiver.archivedData(withRootObject: people, outputFormat: .xml)
/// ```
public enum KeyedArchiver {
    /// Encodes `value` as a keyed archive with a default ``KeyedArchiveEncoder``.
    public static func archivedData<T: Encodable>(
        withRootObject value: T,
        outputFormat: KeyedArchiveOutputFormat = .binary
    ) throws -> Data {
        try KeyedArchiveEncoder(outputFormat: outputFormat).encode(value)
    }

    /// Encodes `value` and writes the archive to `url` atomically (see `AtomicFile`).
    public static func archiveRootObject<T: Encodable>(_ value: T, to url: URL) throws {
        try AtomicFile.write(try archivedData(withRootObject: value), to: url)
    }

    /// Writes an untyped graph (for instance one read with
    /// ``KeyedUnarchiver/objectGraph(from:maximumDepth:)``) as a keyed archive.
    ///
    /// Each object is written once; later mentions become UIDs of the first, so sharing and
    /// cycles survive.
    /// - Throws: ``KeyedArchiveError`` when the graph refers to an object it does not hold or
    ///   nests deeper than `maximumDepth`.
    public static func archivedData(
        with graph: KeyedObjectGraph,
        outputFormat: KeyedArchiveOutputFormat = .binary,
        maximumDepth: Int = ArchiveLimits.defaultMaximumDepth
    ) throws -> Data {
        var writer = KeyedGraphWriter(graph: graph, maximumDepth: maximumDepth)
        return try convert(try writer.write(), to: outputFormat)
    }

    /// The archive `binary` in `format`: unchanged for `.binary`, re-written as XML for `.xml`.
    static func convert(_ binary: Data, to format: KeyedArchiveOutputFormat) throws -> Data {
        guard format == .xml else { return binary }
        return PlistDocumentXMLWriter.write(try PlistDocument.parse(binary, maximumDepth: .max))
    }
}
