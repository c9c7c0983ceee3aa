import ArchiveTestSupport
import CryptoCodingKit
import FastCodingKit
import Foundation
import HRCoderKit
import Testing

/// Inputs that are not archives, or broken ones: exit 1, one line, never a crash or a hang.
@Suite("archive-tool on bad input")
struct SafetyTests {
    /// Small valid archives of each readable kind, written with the kits.
    static func validArchives() throws -> [(name: String, data: Data)] {
        let person = FastReference(
            .object(
                className: "Person",
                properties: [
                    FastProperty("name", .string("Ada")), FastProperty("age", .integer(36)),
                    FastProperty("tags", .reference(FastReference(.array([.string("math")], mutable: true)))),
                ]))
        let fast = try FastCoder.data(
            with: .reference(
                FastReference(
                    .array(
                        [.reference(person), .reference(person)],
                        mutable: false))))
        let tree = HRValue.array([
            .dictionary(["$class": .string("Person"), "name": .string("Ada"), "age": .integer(36)]),
            .dictionary(["$alias": .string("0")]),
        ])
        return [
            ("fastcoding", fast),
            ("hr-json", try HRCoder(outputFormat: .json).serialize(tree)),
            ("hr-xml", try HRCoder(outputFormat: .xml).serialize(tree)),
            ("hr-binary", try HRCoder(outputFormat: .binary).serialize(tree)),
        ]
    }

    private func failsCleanly(_ data: Data, _ what: String) throws -> String {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("input")
        try data.write(to: file)
        return ArchiveToolRun.expectCleanFailure(try ArchiveToolRun.run(["inspect", file.path]), what)
    }

    @Test("an empty file, a text file and a missing file or folder each give one line")
    func notArchives() throws {
        #expect(try failsCleanly(Data(), "empty").contains("the input is empty"))
        #expect(try failsCleanly(Data("hello, world\n".utf8), "text").contains("unknown format"))
        let folder = try TemporaryDirectory()
        let missing = ArchiveToolRun.expectCleanFailure(
            try ArchiveToolRun.run(["inspect", folder.url.appendingPathComponent("absent.fast").path]), "missing")
        #expect(missing.contains("No such file or directory"))
        let isFolder = ArchiveToolRun.expectCleanFailure(
            try ArchiveToolRun.run(["inspect", folder.url.path]), "folder")
        #expect(isFolder.contains("Is a directory"))
    }

    @Test("every truncation of each kind of archive fails cleanly or reads a shorter valid document")
    func truncated() throws {
        for (name, data) in try Self.validArchives() {
            // Every cut for small files; stride for the XML one, which is longer.
            let cuts = Array(stride(from: 1, to: data.count, by: max(1, data.count / 40)))
            for cut in cuts {
                let folder = try TemporaryDirectory()
                let file = folder.url.appendingPathComponent("cut")
                try data.prefix(cut).write(to: file)
                let result = try ArchiveToolRun.run(["inspect", file.path, "--json"])
                #expect(!result.wasSignalled, "\(name) cut at \(cut): signal \(result.status)")
                if result.status != 0 {
                    ArchiveToolRun.expectCleanFailure(result, "\(name) cut at \(cut)")
                }
            }
        }
    }

    @Test("huge counts in a FastCoding file are refused before anything is allocated")
    func hugeCounts() throws {
        let array = try FastCoder.data(with: .reference(FastReference(.array([.integer(1)], mutable: false))))
        var hugeElements = array
        hugeElements.replaceSubrange(24..<28, with: [0xFF, 0xFF, 0xFF, 0x7F])
        var hugeObjects = array
        hugeObjects.replaceSubrange(8..<12, with: [0xFF, 0xFF, 0xFF, 0xFF])
        for (what, data) in [("element count", hugeElements), ("object count", hugeObjects)] {
            let folder = try TemporaryDirectory()
            let file = folder.url.appendingPathComponent("huge.fast")
            try data.write(to: file)
            let result = try ArchiveToolRun.run(["inspect", file.path])
            #expect(!result.wasSignalled, "\(what)")
            if result.status != 0 { ArchiveToolRun.expectCleanFailure(result, what) }
        }
        #expect(try failsCleanly(hugeElements, "element count").contains("FastCoding"))
    }

    @Test("nesting beyond 512 levels is refused, not followed until the stack runs out")
    func deepNesting() throws {
        let depth = 100_000
        let json = Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
        #expect(try failsCleanly(json, "deep JSON").contains("not a valid JSON archive"))
    }

    @Test("nesting just under the limit is inspected, and converted or refused in one line by every format")
    func deepButAllowed() throws {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("deep.json")
        try Data((String(repeating: "[", count: 510) + String(repeating: "]", count: 510)).utf8).write(to: file)
        #expect(try ArchiveToolRun.run(["inspect", file.path, "--json"]).status == 0)
        for target in ["fastcoding", "hr-json", "hr-xml", "hr-binary", "keyed", "json", "plist"] {
            let output = folder.url.appendingPathComponent("deep.\(target)")
            let result = try ArchiveToolRun.run(["convert", file.path, "--to", target, "-o", output.path])
            #expect(!result.wasSignalled, "\(target)")
            if result.status == 0 {
                #expect(try ArchiveToolRun.run(["inspect", output.path]).status == 0, "\(target) output")
            } else {
                #expect(ArchiveToolRun.expectCleanFailure(result, target).contains("nesting deeper than"))
            }
        }
    }

    @Test("a file over the 64 MiB limit is refused without being read")
    func overLimit() throws {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("big.json")
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data("[".utf8)))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(64 << 20) + 1)  // sparse: costs no disk
        try handle.close()
        let line = ArchiveToolRun.expectCleanFailure(try ArchiveToolRun.run(["inspect", file.path]), "big")
        #expect(line.contains("more than the limit of 67108864 bytes"))
    }

    @Test("random bytes, alone or behind each format's magic, fail cleanly or read")
    func randomBytes() throws {
        var random = SplitMix64(seed: 0x41_52_43_48)
        let prefixes = ["", "TSAF\u{3}\0\u{3}\0", "bplist00", "{", "[", "<?xml version=\"1.0\"?><plist>", "CCKE\u{1}"]
        for round in 0..<60 {
            let prefix = Data(prefixes[round % prefixes.count].utf8)
            let count = Int(random.next() % 300)
            let data = prefix + Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &random) })
            let folder = try TemporaryDirectory()
            let file = folder.url.appendingPathComponent("random")
            try data.write(to: file)
            let result = try ArchiveToolRun.run(["inspect", file.path, "--json"])
            #expect(!result.wasSignalled, "round \(round): signal \(result.status)")
            if result.status != 0 { ArchiveToolRun.expectCleanFailure(result, "round \(round)") }
        }
    }

    @Test("--help documents the exit codes and the size limit; a password on the command line is refused")
    func help() throws {
        let help = try ArchiveToolRun.run(["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("exit status: 0 done, 1"))
        #expect(help.output.contains("64 MiB"))
        let argv = try ArchiveToolRun.run(["inspect", "x.enc", "--password", "secret"])
        #expect(argv.status == 2)
        #expect(argv.errorOutput.contains("unknown option '--password'"))
    }

    @Test("formats lists every identifier, extension and the detection order")
    func formats() throws {
        let result = try ArchiveToolRun.run(["formats"])
        #expect(result.status == 0)
        #expect(result.output.contains("encrypted, fastcoding, keyed, hr-*, plain plist/JSON"))
        for identifier in ["encrypted", "fastcoding", "hr-json", "hr-xml", "hr-binary", "keyed", "json", "plist"] {
            #expect(result.output.contains("\n\(identifier) "), "\(identifier) missing")
        }
    }

    @Test(
        "a full standard output is a one-line error for inspect, convert and --help, never a crash",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full on this system"))
    func fullStandardOutput() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("list.json")
        try Data(#"{"items": [1, 2, 3]}"#.utf8).write(to: file)
        let full = URL(fileURLWithPath: "/dev/full")
        for arguments in [["inspect", file.path], ["convert", file.path, "--to", "fastcoding"], ["--help"]] {
            let result = try BuiltExecutable("archive-tool").run(arguments, outputFile: full)
            let line = ArchiveToolRun.expectCleanFailure(result, "\(arguments)")
            #expect(line == "archive-tool: error: cannot write to standard output: No space left on device (errno 28)")
        }
    }
}
