import Foundation

/// Plain property lists (Foundation's `PropertyListEncoder`) as an ``ArchiveFormat``:
/// `.propertyList(.xml)` and `.propertyList(.binary)`, files `*.plist`.
///
/// An XML property list's `<date>` holds whole seconds of years 1583–9999 exactly (Foundation
/// reads earlier ones as Julian calendar dates): any other date is written as the exact
/// ISO 8601 text of the JSON format, which reading takes for a date, so every date comes back
/// exactly in both kinds.
///
/// The binary kind is BaseModel's default save format: the original's default, a keyed archive,
/// needs AutoCodingKit, which BaseModelKit does not depend on (a model picks `.keyedArchive` with
/// one line when it links that kit).
public struct PropertyListArchiveFormat: PlainObjectFormat {
    /// The two property-list encodings Foundation writes.
    public enum Kind: String, Sendable, CaseIterable {
        /// `<?xml …><plist>` text.
        case xml
        /// `bplist00` binary.
        case binary

        var serialization: PropertyListSerialization.PropertyListFormat {
            self == .xml ? .xml : .binary
        }
    }

    /// The encoding this format writes; it reads both.
    public let kind: Kind

    /// Creates the format value for `kind`.
    public init(_ kind: Kind) {
        self.kind = kind
    }

    /// `"plist-xml"` or `"plist-binary"`.
    public var identifier: String { "plist-\(kind.rawValue)" }

    /// `"plist"`.
    public var fileExtension: String { "plist" }

    /// The property list of `value`, in this format's encoding.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = kind.serialization
        let screen = PlainValueScreen(writer: kind == .xml ? .xmlPropertyList : .binaryPropertyList)
        return try screen.encode(value) { try encoder.encode($0) }
    }

    /// Decodes a `T` from a property list of either encoding, with the suite's evolution rules
    /// for ``Evolvable`` types and the original's exact lenient conversions (see
    /// ``BaseModel/instance(with:)``).
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try PlainDecoding.decode(type, from: object(from: data), inputSize: data.count).value
    }

    /// Decodes a `T` from a property list layered over `base`: each top-level key the property
    /// list lacks keeps `base`'s value.
    public func decode<T: Codable>(_ type: T.Type, from data: Data, over base: T) throws -> T {
        let defaults = try TypeDefaults.layering(over: base, userInfo: [:])
        return try PlainDecoding.decode(type, from: object(from: data), inputSize: data.count, over: defaults).value
    }

    /// XML: `<?xml`, `<plist` or `<!DOCTYPE plist` after an optional BOM and white space;
    /// binary: `bplist00`.
    public func recognizes(_ data: Data) -> Bool {
        switch kind {
        case .binary:
            return data.starts(with: Array("bplist00".utf8))
        case .xml:
            let text = LeadingBytes.significant(data)
            return ["<?xml", "<plist", "<!DOCTYPE plist"].contains { text.starts(with: Array($0.utf8)) }
        }
    }

    func object(from data: Data) throws -> Any {
        try BinaryPropertyListScreen.check(data)
        return try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    }
}

extension ArchiveFormat where Self == PropertyListArchiveFormat {
    /// A plain property list in `kind` (`.xml` or `.binary`); identifiers `"plist-xml"`, `"plist-binary"`.
    public static func propertyList(_ kind: PropertyListArchiveFormat.Kind) -> PropertyListArchiveFormat {
        PropertyListArchiveFormat(kind)
    }
}
