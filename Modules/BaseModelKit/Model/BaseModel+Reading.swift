import Foundation

extension BaseModel {
    /// The formats ``instance(contentsOf:)`` chooses from: ``saveFormat``, ``readableFormats``
    /// and the built-in plain formats, tried in the suite's detection order (encrypted →
    /// FastCoding → keyed archive → HRCoder → plain), specific before general. A format listed
    /// twice (by identifier) counts once.
    public static var detectableFormats: [any ArchiveFormat] {
        var seen: Set<String> = []
        let builtIns: [any ArchiveFormat] = [.propertyList(.binary), .propertyList(.xml), .json]
        let all = [saveFormat] + readableFormats + builtIns
        return all.filter { seen.insert($0.identifier).inserted }
    }

    /// The model saved in the file at `url`, in whichever of ``detectableFormats`` it is.
    ///
    /// A kit's format decodes the model itself; a plain property list or JSON file is mapped
    /// like ``instance(with:)`` (on top of set-up values and resource defaults), so hand-written
    /// files may leave keys out and arrays or strings reach the model's hooks.
    ///
    /// - Throws: ``BaseModelError`` naming the file: unreadable, empty, in no known format,
    ///   holding `null`, or not decodable (with the format's own error).
    public static func instance(contentsOf url: URL) throws -> Self {
        try instance(decoding: try fileData(at: url), source: url.path)
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
        try instance(decoding: data, source: "the data")
    }

    static func instance(decoding data: Data, source: String) throws -> Self {
        do {
            switch try content(of: data, source: source) {
            case let .model(model):
                return model
            case let .object(object):
                guard let model = try instance(with: object) else {
                    throw BaseModelError.noModel(type: typeName, path: source)
                }
                return model
            }
        } catch let error as BaseModelError {
            throw error
        } catch {
            throw BaseModelError.invalidData(type: typeName, path: source, reason: Self.reason(error))
        }
    }

    /// Detects the format of `data` and decodes it (a kit's format) or parses it (a plain one).
    static func content(of data: Data, source: String) throws -> DecodedContent<Self> {
        guard !data.isEmpty else {
            throw BaseModelError.invalidData(type: typeName, path: source, reason: "it is empty")
        }
        let candidates = detectableFormats
        guard let format = ArchiveFormatDetection.format(of: data, among: candidates) else {
            throw BaseModelError.unrecognizedFormat(
                type: typeName, path: source, tried: ArchiveFormatDetection.ordered(candidates).map(\.identifier))
        }
        do {
            if let plain = format as? any PlainObjectFormat {
                return .object(try plain.object(from: data))
            }
            return .model(try format.decode(Self.self, from: data))
        } catch {
            throw BaseModelError.invalidData(
                type: typeName, path: source, reason: "as \(format.identifier): \(Self.reason(error))")
        }
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
