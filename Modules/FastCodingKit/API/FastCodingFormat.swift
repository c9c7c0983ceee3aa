import Foundation

/// The FastCoding v3 binary format as an ``ArchiveFormat`` (`.fastCoding`, files `*.fast`).
public struct FastCodingFormat: ArchiveFormat {
    /// The encoder used by ``encode(_:)``.
    public var encoder: FastEncoder
    /// The decoder used by ``decode(_:from:)``.
    public var decoder: FastDecoder

    /// Creates the format with the given (default) coders.
    public init(encoder: FastEncoder = FastEncoder(), decoder: FastDecoder = FastDecoder()) {
        self.encoder = encoder
        self.decoder = decoder
    }

    /// `"fastcoding"`.
    public var identifier: String { "fastcoding" }
    /// `"fast"`.
    public var fileExtension: String { "fast" }
    /// ``ArchiveDetectionPriority/fastCoding``: FastCoding's magic is tried right after encrypted envelopes.
    public var detectionPriority: ArchiveDetectionPriority { .fastCoding }

    /// Encodes `value` with ``encoder``.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        try encoder.encode(value)
    }

    /// Decodes a `T` with ``decoder``.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try decoder.decode(type, from: data)
    }

    /// Decodes a `T` layered over `base` with ``decoder`` (see ``FastDecoder/decode(_:from:over:)``).
    public func decode<T: Codable>(_ type: T.Type, from data: Data, over base: T) throws -> T {
        try decoder.decode(type, from: data, over: base)
    }

    /// `true` when `data` starts with the identifier `TSAF` and major version 2 or 3.
    ///
    /// Version 2 files are recognised (so detection does not hand them to another format) but
    /// decoding them throws ``FastCodingError/unsupportedVersion(major:minor:)``.
    public func recognizes(_ data: Data) -> Bool {
        data.prefix(8).withUnsafeBytes { FastCodingHeader.sniff($0) }
    }
}

extension ArchiveFormat where Self == FastCodingFormat {
    /// FastCoding v3: compact binary with shared references and class names.
    public static var fastCoding: FastCodingFormat { FastCodingFormat() }
}
