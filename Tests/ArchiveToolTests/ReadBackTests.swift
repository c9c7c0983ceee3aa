import ArchiveInspection
import ArchiveTestSupport
import Foundation
import Testing

/// `convert` writes only what the suite reads back: every output is read again and compared
/// with what was converted, and refused (no file written) when it would not read back.
@Suite("archive-tool convert: only what reads back")
struct ReadBackTests {
    /// Every file of the shared vectors (archives and expectation files alike) that inspects.
    static var vectorFiles: [URL] {
        SharedVectors.Collection.allCases.flatMap { collection -> [URL] in
            let folder = SharedVectors.directory(collection)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.sorted().map { folder.appendingPathComponent($0) }
        }
    }

    @Test(
        "every reference vector × every target: what converts reads back as the same tree and format",
        .enabled(if: SharedVectors.isAvailable, Comment(rawValue: SharedVectors.unavailableReason)))
    func everyVectorEveryTarget() throws {
        var converted = 0
        var refusedReadBack = 0
        for file in Self.vectorFiles {
            guard let data = try? FileContents.read(from: file),
                let archive = try? ArchiveInspector.inspect(data: data)
            else { continue }
            for target in ArchiveTarget.allCases {
                let output: Data
                do {
                    output = try archive.converted(to: target)
                } catch let error as InspectionError {
                    if error.message.contains("would not read back") { refusedReadBack += 1 }
                    continue
                }
                converted += 1
                let what = "\(file.lastPathComponent) → \(target.rawValue)"
                // Read back independently of the tool's own check: it must be inspected as the
                // target, and hold the original in the expected-value scheme, as far as the target
                // can (the comparison of ConvertTests).
                let readBack = try #require(try? ArchiveInspector.inspect(data: output), "\(what) does not read")
                #expect(target.readBackFormats.contains(readBack.format), "\(what) reads as \(readBack.format)")
                let original = try Self.typedValue(archive), back = try Self.typedValue(readBack)
                let mismatches = back.mismatches(
                    against: ConvertTests.expectation(original, in: target.rawValue),
                    options: ConvertTests.options(for: target.rawValue))
                #expect(mismatches.isEmpty, "\(what): \(mismatches.joined(separator: "\n"))")
            }
        }
        #expect(converted > 1_000)
        // Bare JSON values and plists that look like keyed archives, refused since the check.
        #expect(refusedReadBack >= 50)
    }

    private static func typedValue(_ archive: InspectedArchive) throws -> TypedValue {
        try JSONDecoder().decode(TypedValue.self, from: Data(archive.expectedValueJSON().utf8))
    }

    @Test(
        "a FastCoding false converted to JSON is refused, naming the value and why; no file is written",
        .enabled(if: SharedVectors.isAvailable, Comment(rawValue: SharedVectors.unavailableReason)))
    func bareJSONValue() throws {
        let folder = try TemporaryDirectory()
        let source = SharedVectors.directory(.fastCoding).appendingPathComponent("bool_false.fast")
        for target in ["hr-json", "json"] {
            let output = folder.file("out-\(target).json")
            let result = try ArchiveToolRun.run(["convert", source.path, "--to", target, "-o", output.path])
            let line = ArchiveToolRun.expectCleanFailure(result, "false → \(target)")
            #expect(line.contains("\(target) would not read back what it holds"), "\(line)")
            #expect(line.contains("the boolean false at the root would be a bare JSON value"), "\(line)")
            #expect(!FileManager.default.fileExists(atPath: output.path))
        }
        #expect(try SpecialFiles.entryNames(in: folder.url).isEmpty)
    }

    @Test("a dictionary with an $archiver key is not written as a plist, which would read as a keyed archive")
    func archiverKey() throws {
        let folder = try TemporaryDirectory()
        let source = folder.file("archiver.json")
        try Data(#"{"$archiver": "NSKeyedArchiver", "name": "not an archive"}"#.utf8).write(to: source)
        let output = folder.file("out.plist")
        try Data("kept".utf8).write(to: output)
        for target in ["plist", "hr-xml", "hr-binary"] {
            let result = try ArchiveToolRun.run(["convert", source.path, "--to", target, "-o", output.path])
            let line = ArchiveToolRun.expectCleanFailure(result, "$archiver → \(target)")
            #expect(line.contains("would be taken for a keyed archive"), "\(line)")
        }
        // The earlier file at the output path is left as it was, and no temporary file stays.
        #expect(try FileContents.read(from: output) == Data("kept".utf8))
        #expect(try SpecialFiles.entryNames(in: folder.url) == ["archiver.json", "out.plist"])
        #expect(try ArchiveToolRun.run(["convert", source.path, "--to", "hr-json"]).status == 0)
    }
}
