import Foundation

/// The reference files in `shared/vectors/` beside the repository, when they are there.
///
/// The folder is looked up at `../shared` from the package root (or at `$SHARED_DIR`).
/// A fresh clone without it still builds and passes: tests that need it are disabled with
/// ``SharedVectors/unavailableReason`` as the message.
public enum SharedVectors {
    /// The collections of reference files.
    public enum Collection: String, Sendable, CaseIterable {
        case fastCoding = "fastcoding"
        case hrCoder = "hrcoder"
        case keyed = "keyed"
    }

    /// The repository's root folder (the one holding `Package.swift`).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // ArchiveTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The `shared/` folder: `$SHARED_DIR` when set, else `../shared` from the package root.
    public static let sharedDirectory: URL = {
        if let override = ProcessInfo.processInfo.environment["SHARED_DIR"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared", isDirectory: true)
    }()

    /// The `vectors/` folder inside ``sharedDirectory``.
    public static var vectorsDirectory: URL { sharedDirectory.appendingPathComponent("vectors", isDirectory: true) }

    /// Whether the reference vectors are present.
    public static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: vectorsDirectory.appendingPathComponent("README.md").path)
    }

    /// Why vector tests are skipped, for `.enabled(if:_:)` traits.
    public static var unavailableReason: String {
        "shared vectors not found at \(vectorsDirectory.path); set SHARED_DIR or place shared/ beside the repository"
    }

    /// The folder of one collection.
    public static func directory(_ collection: Collection) -> URL {
        vectorsDirectory.appendingPathComponent(collection.rawValue, isDirectory: true)
    }

    /// Every case of a collection, sorted by name; empty when the vectors are absent.
    public static func cases(_ collection: Collection) -> [VectorCase] {
        let folder = directory(collection)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        let expectationSuffix = collection == .fastCoding ? ".json" : ".expected.json"
        return names.filter { $0.hasSuffix(expectationSuffix) }.sorted().compactMap { fileName in
            let name = String(fileName.dropLast(expectationSuffix.count))
            let archive: String
            switch collection {
            case .fastCoding: archive = name + ".fast"
            case .keyed: archive = name + ".plist"
            case .hrCoder:
                // HRCoder expectations name their archive (a .plist or a .json file).
                let candidates = [name + ".plist", name + ".json"]
                guard let found = candidates.first(where: { names.contains($0) }) else { return nil }
                archive = found
            }
            return VectorCase(
                name: name,
                archiveURL: folder.appendingPathComponent(archive),
                expectationURL: folder.appendingPathComponent(fileName))
        }
    }
}

/// One reference case: an archive file and the JSON file that says what it decodes to.
public struct VectorCase: Sendable, CustomStringConvertible {
    /// The case name (the file stem), e.g. `object_cycle`.
    public let name: String
    /// The archive written by the original library.
    public let archiveURL: URL
    /// The expected-value JSON file.
    public let expectationURL: URL

    public var description: String { name }

    /// The archive's bytes.
    public func archive() throws -> Data { try Data(contentsOf: archiveURL) }

    /// The parsed expectation file.
    public func expectation() throws -> VectorExpectation {
        try JSONDecoder().decode(VectorExpectation.self, from: Data(contentsOf: expectationURL))
    }
}

/// The fields of an expectation file that tests use (see `shared/vectors/README.md`).
public struct VectorExpectation: Decodable, Sendable {
    /// The case name.
    public let `case`: String
    /// What the case exercises.
    public let description: String
    /// The value the original decoder produced; `nil` for corrupt inputs.
    public let expect: TypedValue?
    /// `true` when decoding must fail.
    public let expectError: Bool
    /// HRCoder only: `xml-plist` or `json`.
    public let format: String?

    private enum CodingKeys: String, CodingKey {
        case `case`, description, expect, expectError, format
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.case = try container.decode(String.self, forKey: .case)
        description = try container.decode(String.self, forKey: .description)
        expect = try container.decodeIfPresent(TypedValue.self, forKey: .expect)
        expectError = try container.decodeIfPresent(Bool.self, forKey: .expectError) ?? false
        format = try container.decodeIfPresent(String.self, forKey: .format)
    }
}
