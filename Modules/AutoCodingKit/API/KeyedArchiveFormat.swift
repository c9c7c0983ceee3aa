import Foundation

/// Keyed archives in `NSKeyedArchiver`'s layout as an ``ArchiveFormat``: `.keyedArchive`.
///
/// Detection looks for a binary or XML property list that names `$archiver` near its start
/// (binary plists store key strings after the header; XML ones in the text), and comes after
/// encrypted envelopes and FastCoding but before the HRCoder formats.
public struct KeyedArchiveFormat: ArchiveFormat {
    /// The encoder used by ``encode(_:)``.
    public var encoder: KeyedArchiveEncoder
    /// The decoder used by ``decode(_:from:)``.
    public var decoder: KeyedArchiveDecoder

    /// A format over a configured encoder and decoder.
    public init(
        encoder: KeyedArchiveEncoder = KeyedArchiveEncoder(), decoder: KeyedArchiveDecoder = KeyedArchiveDecoder()
    ) {
        self.encoder = encoder
        self.decoder = decoder
    }

    /// `"keyed"`, or `"keyed-xml"` when the encoder writes XML.
    public var identifier: String { encoder.outputFormat == .xml ? "keyed-xml" : "keyed" }

    /// `"plist"`, as keyed archives are property lists.
    public var fileExtension: String { "plist" }

    /// After encrypted envelopes and FastCoding, before the HRCoder formats.
    public var detectionPriority: ArchiveDetectionPriority { .keyedArchive }

    /// Encodes `value` with ``encoder``.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        try encoder.encode(value)
    }

    /// Decodes a value of type `type` with ``decoder``.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try decoder.decode(type, from: data)
    }

    /// Decodes a value of type `type` with ``decoder``, layered over `base` (see
    /// ``KeyedArchiveDecoder/decode(_:from:over:)``).
    public func decode<T: Codable>(_ type: T.Type, from data: Data, over base: T) throws -> T {
        try decoder.decode(type, from: data, over: base)
    }

    private static let archiverKey = Array("$archiver".utf8)

    /// How far into the bytes the sniff looks for `$archiver`.
    private static let sniffLength = 1024

    /// `true` for a binary (`bplist0`) or XML property list whose first kilobyte contains the
    /// `$archiver` key (Apple's writers and this kit's put it there).
    public func recognizes(_ data: Data) -> Bool {
        let isBinary = BinaryPlistScanner.looksLikeBinary(data)
        let isXML = data.withUnsafeBytes { XMLPlistScanner.looksLikeXML($0) }
        guard isBinary || isXML else { return false }
        return data.prefix(Self.sniffLength).withUnsafeBytes { bytes in
            let key = Self.archiverKey
            guard bytes.count >= key.count else { return false }
            for start in 0...(bytes.count - key.count) where bytes[start] == key[0] {
                if bytes[start..<(start + key.count)].elementsEqual(key) { return true }
            }
            return false
        }
    }
}

extension ArchiveFormat where Self == KeyedArchiveFormat {
    /// Keyed archives in `NSKeyedArchiver`'s layout, binary property list.
    public static var keyedArchive: KeyedArchiveFormat { KeyedArchiveFormat() }

    /// Keyed archives in `NSKeyedArchiver`'s layout, XML property list.
    public static var keyedArchiveXML: KeyedArchiveFormat {
        KeyedArchiveFormat(encoder: KeyedArchiveEncoder(outputFormat: .xml))
    }
}
