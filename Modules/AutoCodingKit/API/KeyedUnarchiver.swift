import Foundation

/// One-call reading of keyed archives, in the spirit of `NSKeyedUnarchiver`'s class methods.
///
/// ```swift
/// let people = try KeyedUnarchiver.unarchive([Person].self, from: data)
/// let graph = try KeyedUnarchiver.objectGraph(from: data)   // untyped, any archive
/// ```
public enum KeyedUnarchiver {
    /// Decodes a value of type `type` from a keyed archive with a default ``KeyedArchiveDecoder``.
    public static func unarchive<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try KeyedArchiveDecoder().decode(type, from: data)
    }

    /// Reads the file at `url` and decodes a value of type `type` from it.
    ///
    /// - Parameter limit: the largest file read, in bytes; a larger one is refused before it is
    ///   read. By default `ArchiveLimits.defaultMaximumFileSize` (256 MiB).
    /// - Throws: `FileReadError` when the file cannot be read or is over `limit`; the decoding
    ///   errors of ``unarchive(_:from:)``.
    public static func unarchive<T: Decodable>(
        _ type: T.Type, contentsOf url: URL, limit: Int = ArchiveLimits.defaultMaximumFileSize
    ) throws -> T {
        try unarchive(type, from: try FileContents.read(from: url, limit: limit))
    }

    /// Decodes a value of type `type` from a keyed archive layered over `base`: the keys the
    /// root object lacks keep `base`'s values (see ``KeyedArchiveDecoder/decode(_:from:over:)``).
    public static func unarchive<T: Codable>(_ type: T.Type, from data: Data, over base: T) throws -> T {
        try KeyedArchiveDecoder().decode(type, from: data, over: base)
    }

    /// Reads the file at `url` and decodes a value of type `type` from it, layered over `base`.
    ///
    /// - Parameter limit: the largest file read, in bytes; a larger one is refused before it is
    ///   read. By default `ArchiveLimits.defaultMaximumFileSize` (256 MiB).
    /// - Throws: `FileReadError` when the file cannot be read or is over `limit`; the decoding
    ///   errors of ``unarchive(_:from:over:)``.
    public static func unarchive<T: Codable>(
        _ type: T.Type, contentsOf url: URL, over base: T, limit: Int = ArchiveLimits.defaultMaximumFileSize
    ) throws -> T {
        try unarchive(type, from: try FileContents.read(from: url, limit: limit), over: base)
    }

    /// Reads any keyed archive (binary or XML, written by Apple's `NSKeyedArchiver` or by this
    /// kit) as an untyped graph; shared objects stay shared and cycles are kept.
    ///
    /// - Throws: ``KeyedArchiveError`` naming the offset or the `$objects` entry at fault.
    public static func objectGraph(
        from data: Data,
        maximumDepth: Int = ArchiveLimits.defaultMaximumDepth
    ) throws -> KeyedObjectGraph {
        let contents = try KeyedArchiveContents(data: data, maximumDepth: maximumDepth)
        var reader = KeyedGraphReader(contents: contents, maximumDepth: maximumDepth)
        return try reader.read()
    }
}
