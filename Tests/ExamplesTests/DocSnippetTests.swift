import ArchiveTestSupport
import Foundation
import Testing

/// The documentation's Swift snippets: the build compiles every block of README.md and of the
/// DocC catalogs into the DocSnippets program (DocSnippetsPlugin), which runs each one and
/// checks the output its comments claim.
@Suite("documentation snippets")
struct DocSnippetTests {
    @Test("DocSnippets runs every block of the docs and each prints what its text claims")
    func everySnippetRuns() throws {
        let folder = try TemporaryDirectory(prefix: "doc-snippets")
        let result = try BuiltExecutable("DocSnippets").run(currentDirectory: folder.url)
        #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
        #expect(!result.output.contains("FAIL"), "\(result.output)")
        let ran = Set(
            result.output.split(separator: "\n").filter { $0.hasPrefix("== ") }.flatMap { line in
                line.drop { $0 != "(" }.dropFirst().dropLast().components(separatedBy: ", ")
            })
        let blocks = try Self.swiftBlocks()
        #expect(blocks.count >= 25)  // README.md and the catalogs hold 28 today
        for block in blocks where !block.skipped {
            #expect(ran.contains(block.location), "\(block.location) is not in DocSnippets")
        }
        let claims = result.output.split(separator: "\n").first { $0.hasPrefix("claims checked: ") }
        #expect(Int(claims?.dropFirst("claims checked: ".count) ?? "") ?? 0 >= 15, "\(result.output)")
    }

    @Test("a snippet that stops compiling fails with an error at its Markdown line")
    func brokenSnippetFailsToCompile() throws {
        let folder = try TemporaryDirectory(prefix: "doc-snippets-broken")
        let page = """
            # A page

            ```swift
            import FastCodingKit

            let url = URL(fileURLWithPath: "todo.fast")   // Foundation is not imported
            ```
            """
        try Data(page.utf8).write(to: folder.url.appendingPathComponent("Page.md"))
        let output = folder.url.appendingPathComponent("out")
        let extractor = try BuiltExecutable("DocSnippetExtractor")
        let extracted = try extractor.run([folder.url.path, output.path, "Page.md=Page=1"])
        #expect(extracted.status == 0, "\(extracted.errorOutput)")
        let source = output.appendingPathComponent("Page_1.swift")
        let text = try String(contentsOf: source, encoding: .utf8)
        #expect(text.contains("#sourceLocation(file: \"Page.md\", line: 4)"))

        // Type-check it against the kits the build made, as the DocSnippets target compiles it.
        let modules = extractor.url.deletingLastPathComponent().appendingPathComponent("Modules")
        let check = try ChildProcess.run(
            "/usr/bin/env", ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, source.path])
        #expect(!check.succeeded)
        let errors = String(decoding: check.standardError, as: UTF8.self)
        #expect(errors.contains("Page.md:6:"), "\(errors)")
        #expect(errors.contains("cannot find 'URL' in scope"), "\(errors)")
    }

    @Test("the extractor names the file and line of a block it cannot take")
    func extractorRejectsBadMarkdown() throws {
        let folder = try TemporaryDirectory(prefix: "doc-snippets-markers")
        let pages = [
            (
                "Unknown.md", "<!-- snippet: later -->\n```swift\nlet x = 1\n```\n",
                "Unknown.md:1: unknown snippet marker"
            ),
            ("Open.md", "text\n```swift\nlet x = 1\n", "Open.md:2: the Swift block opened here is never closed"),
            ("First.md", "<!-- snippet: continue -->\n```swift\nlet x = 1\n```\n", "First.md:2: `continue` needs"),
        ]
        for (name, text, message) in pages {
            try Data(text.utf8).write(to: folder.url.appendingPathComponent(name))
            let result = try BuiltExecutable("DocSnippetExtractor").run([
                folder.url.path, folder.url.appendingPathComponent("out").path, "\(name)=Page=1",
            ])
            #expect(result.status == 1, "\(name)")
            #expect(result.errorOutput.contains(message), "\(result.errorOutput)")
        }
    }

    /// Every Swift block of README.md and the catalogs, found independently of the extractor.
    static func swiftBlocks() throws -> [(location: String, skipped: Bool)] {
        let root = SharedVectors.packageRoot
        var files = ["README.md"]
        let modules = root.appendingPathComponent("Modules")
        for module in try FileManager.default.contentsOfDirectory(atPath: modules.path).sorted() {
            let catalog = "Modules/\(module)/\(module).docc"
            let walker = FileManager.default.enumerator(atPath: root.appendingPathComponent(catalog).path)
            files += (walker?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".md") }.map { "\(catalog)/\($0)" }
        }
        var blocks: [(location: String, skipped: Bool)] = []
        for file in files {
            let lines = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                .components(separatedBy: "\n")
            var inBlock = false
            for (index, line) in lines.enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if inBlock {
                    inBlock = !trimmed.hasPrefix("```")
                } else if trimmed.hasPrefix("```swift") {
                    inBlock = true
                    let above = lines[..<index].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                    blocks.append(("\(file):\(index + 2)", above?.contains("<!-- snippet: skip -->") == true))
                }
            }
        }
        return blocks
    }
}
