import ArchiveTestSupport
import FastCodingKit
import Foundation
import Testing

@Suite("archive-tool inspect output")
struct InspectTests {
    /// A FastCoding file with a shared object, numbers of several widths, data and a date.
    static func sample(in folder: TemporaryDirectory) throws -> URL {
        let bytes = Data((0..<20).map { UInt8($0) })
        let shared = FastReference(.object(className: "Tag", properties: [FastProperty("label", .string("x"))]))
        let items: [FastValue] = [
            .integer(5), .integer(-300), .integer(70_000), .integer(1 << 40),
            .double(-0.0), .double(.nan), .double(.infinity), .double(-.infinity), .float(1.5),
            .reference(FastReference(.data(bytes, mutable: false))),
            .reference(FastReference(.date(Date(timeIntervalSince1970: 0)))),
            .reference(shared), .reference(shared),
        ]
        let url = folder.url.appendingPathComponent("sample.fast")
        try FastCoder.data(with: .reference(FastReference(.array(items, mutable: false)))).write(to: url)
        return url
    }

    @Test("the readable tree shows widths, data as length + hex prefix, ISO 8601 dates and shared objects once")
    func readable() throws {
        let folder = try TemporaryDirectory()
        let result = try ArchiveToolRun.run(["inspect", try Self.sample(in: folder).path])
        try #require(result.status == 0, "\(result.errorOutput)")
        let lines = result.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.first?.hasPrefix("fastcoding archive, ") == true)
        for expected in [
            "int8 5", "int16 -300", "int32 70000", "int64 1099511627776", "double -0.0", "double nan",
            "float32 1.5", "data 20 bytes <000102030405060708090a0b0c0d0e0f…>",
            "date 1970-01-01T00:00:00.000Z", "#1 Tag {", "-> #1",
        ] {
            #expect(lines.contains(expected), "missing line '\(expected)' in:\n\(result.output)")
        }
    }

    @Test("--json writes -0.0 with its sign and spells non-finite numbers as strings")
    func jsonNumbers() throws {
        let folder = try TemporaryDirectory()
        let result = try ArchiveToolRun.run(["inspect", try Self.sample(in: folder).path, "--json"])
        try #require(result.status == 0, "\(result.errorOutput)")
        let text = result.output
        for expected in [
            #""value": -0.0"#, #""value": "NaN""#, #""value": "Infinity""#, #""value": "-Infinity""#,
            #""value": 1.5"#, #""sameAs": "/items/11""#,
        ] {
            #expect(text.contains(expected), "missing \(expected) in:\n\(text)")
        }
        #expect(result.errorOutput.isEmpty)
        // Everything on stdout is one JSON document.
        #expect((try? JSONSerialization.jsonObject(with: result.standardOutput)) != nil)
    }

    @Test("'-' reads the archive from standard input")
    func standardInput() throws {
        let folder = try TemporaryDirectory()
        let data = try Data(contentsOf: try Self.sample(in: folder))
        let result = try ArchiveToolRun.run(["inspect", "-"], input: data)
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.contains("#1 Tag {"))
    }
}
