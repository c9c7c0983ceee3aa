import Foundation

/// Human-readable archives: Codable object graphs as XML plists, binary plists or JSON, with
/// `$class` type tags and `$alias` key paths for shared objects.
///
/// Use the static methods for the defaults (XML, indented JSON, the shared class registry,
/// depth limit 512), or configure an instance the way you configure a `JSONEncoder`:
///
/// ```swift
/// var coder = HRCoder(outputFormat: .json)
/// coder.prettyPrinted = false   // one line instead of 2-space indented text
/// let text = try coder.encode(playlist)
/// let copy = try coder.decode(Playlist.self, from: text)   // reads any of the three formats
/// ```
public struct HRCoder: Sendable {
    /// The bytes ``encode(_:)`` produces. Decoding always detects the format itself.
    public var outputFormat: HROutputFormat
    /// Whether JSON output is indented with two spaces, one value per line (the default), or
    /// written compactly on one line. Plists are always indented with tabs; reading accepts both.
    public var prettyPrinted: Bool
    /// How deeply arrays, dictionaries and objects may nest, in documents and in values.
    ///
    /// Deeper input is refused with an error instead of exhausting the stack.
    public var maximumDepth: Int
    /// How many values a decode may materialise per byte of input (per value of a tree), a
    /// value shared through `$alias` or a reused binary-plist object counted at every place it
    /// appears; at least `ArchiveLimits.minimumExpansionBudget` values are always allowed.
    ///
    /// Beyond it decoding stops with an error instead of handing back a value too large to
    /// write or walk (a "billion laughs" document). Defaults to `ArchiveLimits.defaultMaximumExpansion`.
    public var maximumExpansion = ArchiveLimits.defaultMaximumExpansion
    /// Turns classes into `$class` names and back (`ClassNameRegistry.shared` by default).
    public var registry: ClassNameRegistry
    /// Values handed to every `encode(to:)` / `init(from:)` as `userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// The default depth limit: CodingCore's `ArchiveLimits.defaultMaximumDepth` (512), the limit
    /// every coder of the suite shares.
    public static let defaultMaximumDepth = ArchiveLimits.defaultMaximumDepth

    /// Creates a coder; every option has the default the static methods use.
    public init(
        outputFormat: HROutputFormat = .xml,
        prettyPrinted: Bool = true,
        maximumDepth: Int = HRCoder.defaultMaximumDepth,
        registry: ClassNameRegistry = .shared
    ) {
        self.outputFormat = outputFormat
        self.prettyPrinted = prettyPrinted
        self.maximumDepth = maximumDepth
        self.registry = registry
    }

    // MARK: Encoding

    /// The archive tree of `value` in plist form (native dates and data).
    ///
    /// - Throws: `EncodingError` when a value cannot be represented, nests too deeply, or uses
    ///   `$class` or `$alias` as a property or dictionary key (the reader would take them for a
    ///   class tag or an alias).
    public func encodeTree<T: Encodable>(_ value: T) throws -> HRValue {
        try encodeTree(value, forXML: false)
    }

    /// The tree of `value`; for XML, dates `<date>` cannot hold exactly in their tagged form.
    private func encodeTree<T: Encodable>(_ value: T, forXML: Bool) throws -> HRValue {
        let state = HREncodingState(
            registry: registry, maximumDepth: maximumDepth, userInfo: userInfo, forXML: forXML)
        let tree = try state.box(value, at: [])
        if let error = state.reservedKeyError { throw error }
        return tree
    }

    /// The archive of `value` as bytes in ``outputFormat``.
    ///
    /// In an XML property list, a date with a fraction of a second or outside years 1–9999,
    /// which `<date>` cannot hold, is written in the tagged form JSON uses, so it reads back
    /// exactly.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        try serialize(try encodeTree(value, forXML: outputFormat == .xml))
    }

    /// The bytes of an archive tree in ``outputFormat``.
    ///
    /// - Throws: ``HRCoderError/unrepresentable(path:reason:)`` for what the format cannot
    ///   hold, naming the key path: NaN and the infinities in JSON, an integer above
    ///   `Int128.max` (a `UInt128`) in a binary property list.
    public func serialize(_ tree: HRValue) throws -> Data {
        switch outputFormat {
        case .xml: HRXMLPlistWriter.data(for: tree)
        case .binary: try HRBinaryPlistWriter.data(for: tree)
        case .json: try HRJSONWriter.data(for: tree, prettyPrinted: prettyPrinted)
        }
    }

    /// Writes the archive of `value` to `url` atomically (CodingCore's `AtomicFile`).
    public func encode<T: Encodable>(_ value: T, to url: URL) throws {
        try AtomicFile.write(try encode(value), to: url)
    }

    // MARK: Decoding

    /// Parses XML plist, binary plist or JSON bytes (detected from the first bytes) into a tree.
    ///
    /// - Throws: ``HRCoderError`` naming the byte offset of the problem.
    public func parse(_ data: Data) throws -> HRValue {
        var aliasKeyFound = false
        return try parse(data, aliasKeyFound: &aliasKeyFound)
    }

    /// Parses `data`, setting `aliasKeyFound` when some dictionary has an `$alias` key.
    private func parse(_ data: Data, aliasKeyFound: inout Bool) throws -> HRValue {
        switch HRDocumentKind.detect(data) {
        case .binary:
            try HRBinaryPlistTreeBuilder.build(
                data, maximumDepth: maximumDepth,
                expansionLimit: ArchiveLimits.expansionBudget(
                    inputSize: data.count, maximumExpansion: maximumExpansion),
                aliasKeyFound: &aliasKeyFound)
        case .xml: try HRXMLPlistTreeBuilder.build(data, maximumDepth: maximumDepth, aliasKeyFound: &aliasKeyFound)
        case .json: try HRJSONParser.parse(data, maximumDepth: maximumDepth, aliasKeyFound: &aliasKeyFound)
        case nil: throw HRCoderError.unrecognizedFormat
        }
    }

    /// Decodes a `T` from an archive tree (plist form, JSON form or hand-built).
    ///
    /// - Throws: `DecodingError` naming the key path: wrong types, missing keys, unknown or
    ///   disallowed `$class` names, aliases to missing paths, alias loops, back-references to
    ///   objects still being decoded, nesting beyond ``maximumDepth``.
    public func decode<T: Decodable>(_ type: T.Type, fromTree tree: HRValue) throws -> T {
        // A hand-built tree is not scanned for aliases: its objects are registered as shared.
        try decode(type, fromTree: tree, inputSize: tree.boundedValueCount, sharesObjects: true)
    }

    /// Decodes a `T` from XML plist, binary plist or JSON bytes.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        var aliasKeyFound = false
        let tree = try parse(data, aliasKeyFound: &aliasKeyFound)
        return try decode(type, fromTree: tree, inputSize: data.count, sharesObjects: aliasKeyFound)
    }

    private func decode<T: Decodable>(
        _ type: T.Type, fromTree tree: HRValue, inputSize: Int, sharesObjects: Bool,
        layeredDefaults: TypeDefaults? = nil
    ) throws -> T {
        let budget = ArchiveLimits.expansionBudget(inputSize: inputSize, maximumExpansion: maximumExpansion)
        return try HRDecodingState(
            root: tree, registry: registry, maximumDepth: maximumDepth, userInfo: userInfo, expansionBudget: budget,
            sharesObjects: sharesObjects, layeredDefaults: layeredDefaults
        ).decodeRoot(type)
    }

    /// Decodes a `T` from the archive file at `url`.
    ///
    /// - Parameter limit: the largest file read, in bytes; a larger one is refused before it is
    ///   read. By default `ArchiveLimits.defaultMaximumFileSize` (256 MiB).
    /// - Throws: `FileReadError` when the file cannot be read or is over `limit`; the decoding
    ///   errors of ``decode(_:from:)``.
    public func decode<T: Decodable>(
        _ type: T.Type, contentsOf url: URL, limit: Int = ArchiveLimits.defaultMaximumFileSize
    ) throws -> T {
        try decode(type, from: try FileContents.read(from: url, limit: limit))
    }

    // MARK: Decoding over a value

    /// Decodes a `T` from XML plist, binary plist or JSON bytes layered over `base`: each key
    /// the document's top-level dictionary lacks takes `base`'s value, each key it holds
    /// replaces it (the original BaseModel's `setWithCoder:`).
    ///
    /// Nested values are decoded whole: their missing keys take their own type's defaults when
    /// it adopts `Evolvable`. A missing optional stays `nil` rather than taking `base`'s value.
    ///
    /// - Throws: the errors of ``decode(_:from:)``; `DecodingError.dataCorrupted` when `base`
    ///   does not encode.
    public func decode<T: Codable>(_ type: T.Type, from data: Data, over base: T) throws -> T {
        var aliasKeyFound = false
        let tree = try parse(data, aliasKeyFound: &aliasKeyFound)
        return try decode(
            type, fromTree: tree, inputSize: data.count, sharesObjects: aliasKeyFound,
            layeredDefaults: try TypeDefaults.layering(over: base, userInfo: userInfo))
    }

    /// Decodes a `T` from an archive tree layered over `base`, as ``decode(_:from:over:)`` does.
    public func decode<T: Codable>(_ type: T.Type, fromTree tree: HRValue, over base: T) throws -> T {
        try decode(
            type, fromTree: tree, inputSize: tree.boundedValueCount, sharesObjects: true,
            layeredDefaults: try TypeDefaults.layering(over: base, userInfo: userInfo))
    }

    /// Decodes a `T` from the archive file at `url` layered over `base`, as
    /// ``decode(_:from:over:)`` does.
    ///
    /// - Throws: `FileReadError` when the file cannot be read; the decoding errors of
    ///   ``decode(_:from:over:)``.
    public func decode<T: Codable>(_ type: T.Type, contentsOf url: URL, over base: T) throws -> T {
        try decode(type, from: try FileContents.read(from: url), over: base)
    }
}

// MARK: - The original's class methods

extension HRCoder {
    /// The archive of `rootObject` as a property-list tree (`archivedPlistWithRootObject:`).
    public static func archivedPlist<T: Encodable>(withRootObject rootObject: T) throws -> HRValue {
        try HRCoder().encodeTree(rootObject)
    }

    /// The archive of `rootObject` as a JSON-compatible tree (`archivedJSONWithRootObject:`).
    ///
    /// Dates and data appear as their tagged dictionaries; serialise it with
    /// ``archivedData(withRootObject:format:)`` and `.json`, or with ``serialize(_:)``.
    public static func archivedJSON<T: Encodable>(withRootObject rootObject: T) throws -> HRValue {
        try HRCoder().encodeTree(rootObject).jsonCompatible
    }

    /// The archive of `rootObject` as bytes: XML plist unless `format` says otherwise.
    public static func archivedData<T: Encodable>(withRootObject rootObject: T, format: HROutputFormat = .xml) throws
        -> Data
    {
        try HRCoder(outputFormat: format).encode(rootObject)
    }

    /// Writes the archive of `rootObject` to the file at `url`, atomically (CodingCore's
    /// `AtomicFile`): XML plist unless `format` says otherwise.
    public static func archiveRootObject<T: Encodable>(
        _ rootObject: T, to url: URL, format: HROutputFormat = .xml
    ) throws {
        try HRCoder(outputFormat: format).encode(rootObject, to: url)
    }

    /// Same as ``archiveRootObject(_:to:format:)`` with a file URL made from `path`; kept for
    /// the original's spelling (`archiveRootObject:toFile:`).
    public static func archiveRootObject<T: Encodable>(
        _ rootObject: T, toFile path: String, format: HROutputFormat = .xml
    ) throws {
        try archiveRootObject(rootObject, to: URL(fileURLWithPath: path), format: format)
    }

    /// Decodes a `T` from XML plist, binary plist or JSON bytes (the entry point fuzzers call).
    public static func unarchive<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try HRCoder().decode(type, from: data)
    }

    /// Decodes a `T` from an archive tree, plist or JSON form (`unarchiveObjectWithPlistOrJSON:`).
    public static func unarchive<T: Decodable>(_ type: T.Type, from tree: HRValue) throws -> T {
        try HRCoder().decode(type, fromTree: tree)
    }

    /// Decodes a `T` from the file at `url` (XML plist, binary plist or JSON), refusing a file
    /// over `limit` bytes (by default `ArchiveLimits.defaultMaximumFileSize`) before reading it.
    ///
    /// - Throws: `FileReadError` when the file cannot be read or is over `limit`; the decoding
    ///   errors of ``decode(_:from:)``.
    public static func unarchive<T: Decodable>(
        _ type: T.Type, contentsOf url: URL, limit: Int = ArchiveLimits.defaultMaximumFileSize
    ) throws -> T {
        try HRCoder().decode(type, contentsOf: url, limit: limit)
    }

    /// Same as ``unarchive(_:contentsOf:limit:)`` with a file URL made from `path`; kept for the
    /// original's spelling (`unarchiveObjectWithFile:`).
    public static func unarchive<T: Decodable>(
        _ type: T.Type, fromFile path: String, limit: Int = ArchiveLimits.defaultMaximumFileSize
    ) throws -> T {
        try unarchive(type, contentsOf: URL(fileURLWithPath: path), limit: limit)
    }
}
