import Foundation

extension BaseModel {
    /// The formats ``instance(contentsOf:)`` and the shared instance's saved data choose from:
    /// ``saveFormat``, ``readableFormats`` and the built-in plain formats, tried in the suite's
    /// detection order (encrypted → FastCoding → keyed archive → HRCoder → plain), specific
    /// before general. A format listed twice (by identifier) counts once.
    ///
    /// A model whose ``saveFormat`` ``ArchiveFormat/holdsSecrets`` (an encrypted format) reads
    /// only ``saveFormat`` and ``readableFormats``, without the built-in plain formats: a plain
    /// file where its encrypted file belongs is refused, naming the file, rather than read and
    /// then saved encrypted under whatever password comes next. To migrate plain files, list
    /// their format in ``readableFormats`` (for example `[.json]`), or let the encrypted format
    /// itself accept them (CryptoCodingKit's `allowsPlainArchives`); the next save encrypts
    /// them. Resource files are read in every format (``resourceFormats``).
    public static var detectableFormats: [any ArchiveFormat] {
        let builtIns = saveFormat.holdsSecrets ? [] : plainFormats
        return unique([saveFormat] + readableFormats + builtIns)
    }

    /// The formats a resource file is read in: ``detectableFormats`` and the built-in plain
    /// formats, whatever the save format (a bundled file of defaults holds no secrets).
    public static var resourceFormats: [any ArchiveFormat] {
        unique(detectableFormats + plainFormats)
    }

    /// BaseModelKit's own formats: property lists (binary and XML) and JSON.
    private static var plainFormats: [any ArchiveFormat] { [.propertyList(.binary), .propertyList(.xml), .json] }

    private static func unique(_ formats: [any ArchiveFormat]) -> [any ArchiveFormat] {
        var seen: Set<String> = []
        return formats.filter { seen.insert($0.identifier).inserted }
    }

    /// The model saved in the file at `url`, in whichever of ``detectableFormats`` it is, built
    /// in layers: set-up values, resource defaults, then the file, which sets the keys it holds.
    ///
    /// A plain property list or JSON file is read as ``instance(with:)`` reads a value, so
    /// hand-written files may leave keys out and arrays or strings reach the model's hooks.
    ///
    /// - Throws: ``BaseModelError`` naming the file: unreadable, empty, in no known format,
    ///   holding `null`, holding none of the model's keys, or not decodable (with the format's
    ///   own error and the coding path).
    public static func instance(contentsOf url: URL) throws -> Self {
        try layered(try fileData(at: url), over: instance(), source: url.path)
    }

    /// The bytes of the file at `url`, or a ``BaseModelError`` naming the model and the file.
    static func fileData(at url: URL) throws -> Data {
        try readingFile(url) { try FileContents.read(from: $0) }
    }

    /// The bytes of the file at `url`, or `nil` when nothing is there (no file, or a folder on
    /// the way missing). A file that exists but cannot be read is an error.
    static func fileDataIfPresent(at url: URL) throws -> Data? {
        try readingFile(url) { try FileContents.readIfPresent(from: $0) }
    }

    private static func readingFile<Result>(_ url: URL, _ read: (URL) throws -> Result) throws -> Result {
        do {
            return try read(url)
        } catch {
            throw BaseModelError.invalidData(type: typeName, path: url.path, reason: Self.reason(error))
        }
    }

    /// The model in `data`, detected and decoded as ``instance(contentsOf:)`` does for a file.
    public static func instance(decoding data: Data) throws -> Self {
        try layered(data, over: instance(), source: "the data")
    }

    /// The model in `data` (a save or resource file's bytes) layered over `base`: its format
    /// detected among ``detectableFormats``, each key it holds replacing `base`'s.
    ///
    /// - Parameter formats: the formats to detect among; ``detectableFormats`` by default.
    /// - Throws: ``BaseModelError`` naming `source`, whatever went wrong.
    static func layered(
        _ data: Data, over base: Self, source: String, formats: [any ArchiveFormat]? = nil
    ) throws -> Self {
        guard !data.isEmpty else {
            throw BaseModelError.invalidData(type: typeName, path: source, reason: "it is empty")
        }
        let candidates = formats ?? detectableFormats
        guard let format = ArchiveFormatDetection.format(of: data, among: candidates) else {
            if saveFormat.holdsSecrets, let plain = ArchiveFormatDetection.format(of: data, among: plainFormats) {
                throw BaseModelError.invalidData(
                    type: typeName, path: source,
                    reason: "it is not encrypted (it looks like a plain \(plain.identifier) file), and \(typeName) "
                        + "reads only encrypted files; to migrate plain files, list their format in readableFormats")
            }
            throw BaseModelError.unrecognizedFormat(
                type: typeName, path: source, tried: ArchiveFormatDetection.ordered(candidates).map(\.identifier))
        }
        do {
            if let plain = format as? any PlainObjectFormat {
                return try model(from: try plain.object(from: data), over: base, inputSize: data.count, source: source)
            }
            if holdsEmptyDictionary(data), try !storageKeys().isEmpty {
                throw BaseModelError.notThisModel(type: typeName, path: source)
            }
            return try format.decode(Self.self, from: data, over: base)
        } catch let error as BaseModelError {
            throw error.naming(source)
        } catch {
            throw BaseModelError.invalidData(
                type: typeName, path: source, reason: "as \(format.identifier): \(Self.reason(error))")
        }
    }

    /// Whether `data` is a small property list or JSON file holding an empty dictionary (`{}`):
    /// no model's file in any format, though a format that reads a dictionary without a class
    /// name as the model (HRCoder's) would make every default of it.
    private static func holdsEmptyDictionary(_ data: Data) -> Bool {
        guard data.count <= 64,
            let plain = ArchiveFormatDetection.format(of: data, among: plainFormats) as? any PlainObjectFormat,
            let dictionary = (try? plain.object(from: data)) as? [String: Any]
        else { return false }
        return dictionary.isEmpty
    }

    /// A short, readable reason for an underlying error.
    static func reason(_ error: any Error) -> String {
        if let error = error as? DecodingError {
            return DecodingErrorDescription.describe(error)
        }
        if let error = error as? FileReadError {
            return error.reason
        }
        if let error = error as? CocoaError, let path = error.filePath {
            return "\(error.localizedDescription) (\(path))"
        }
        return "\(error)"
    }
}
