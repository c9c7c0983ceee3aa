import Foundation

/// One-call entry points for FastCoding v3 archives, using default ``FastEncoder`` / ``FastDecoder`` settings.
public enum FastCoder {
    /// Encodes a Codable value (the root of an object graph) as a FastCoding archive.
    ///
    /// The primary spelling; ``data(withRootObject:)`` is the original's name for the same call.
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        try FastEncoder().encode(value)
    }

    /// The original's spelling of ``encode(_:)`` (`+[FastCoder dataWithRootObject:]`), kept for
    /// code ported from Objective-C; it does exactly what ``encode(_:)`` does.
    public static func data<T: Encodable>(withRootObject value: T) throws -> Data {
        try encode(value)
    }

    /// Decodes a Codable value of type `type` from a FastCoding archive.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try FastDecoder().decode(type, from: data)
    }

    /// Decodes a Codable value of type `type` from a FastCoding archive layered over `base`: the
    /// keys the archive's top-level value lacks keep `base`'s values (see
    /// ``FastDecoder/decode(_:from:over:)``).
    public static func decode<T: Codable>(_ type: T.Type, from data: Data, over base: T) throws -> T {
        try FastDecoder().decode(type, from: data, over: base)
    }

    /// Encodes `value` and writes the archive to the file at `url` atomically (CodingCore's
    /// `AtomicFile`).
    public static func encode<T: Encodable>(_ value: T, to url: URL) throws {
        try AtomicFile.write(try encode(value), to: url)
    }

    /// Reads the file at `url` and decodes a value of type `type` from it.
    ///
    /// - Parameter limit: the largest file read, in bytes; a larger one is refused before it is
    ///   read. By default `ArchiveLimits.defaultMaximumFileSize` (256 MiB).
    /// - Throws: `FileReadError` when the file cannot be read or is over `limit`; the decoding
    ///   errors of ``decode(_:from:)``.
    public static func decode<T: Decodable>(
        _ type: T.Type, contentsOf url: URL, limit: Int = ArchiveLimits.defaultMaximumFileSize
    ) throws -> T {
        try decode(type, from: try FileContents.read(from: url, limit: limit))
    }

    /// Reads any FastCoding v3 archive into an untyped ``FastValue`` tree (no model types needed).
    ///
    /// - Throws: ``FastCodingError`` naming the offset and what was expected there.
    public static func object(with data: Data) throws -> FastValue {
        try FastValueReader.read(data, maximumDepth: ArchiveLimits.defaultMaximumDepth)
    }

    /// Writes a ``FastValue`` tree as a FastCoding v3 archive, keeping shared nodes shared.
    ///
    /// - Throws: `EncodingError` for values the format cannot hold (strings with U+0000,
    ///   more than 2³² elements, nesting deeper than 512 levels).
    public static func data(with value: FastValue) throws -> Data {
        try FastValueWriter.write(value, maximumDepth: ArchiveLimits.defaultMaximumDepth)
    }
}
