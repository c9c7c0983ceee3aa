import Foundation
import PackagePlugin

/// Turns every Swift block of README.md and of the DocC catalogs (`Modules/*/*.docc/**/*.md`)
/// into sources of the target that uses it (DocSnippets), through DocSnippetExtractor, on
/// every build: a snippet that stops compiling fails the build at its Markdown line.
@main
struct DocSnippetsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Snippets", isDirectory: true)
        var arguments = [root.path, output.path]
        var inputs: [URL] = []
        var outputs = [output.appendingPathComponent("Snippets.swift")]
        for file in try Self.documents(in: root) {
            let url = root.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            // The same rule as MarkdownSnippets.opensSwiftBlock in the extractor.
            let count = text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { $0.drop { $0 == " " }.hasPrefix("```swift") }.count
            let stem = Self.stem(of: file)
            arguments.append("\(file)=\(stem)=\(count)")
            inputs.append(url)
            outputs += (0..<count).map { output.appendingPathComponent("\(stem)_\($0 + 1).swift") }
        }
        return [
            .buildCommand(
                displayName: "Extracting the documentation's Swift snippets",
                executable: try context.tool(named: "DocSnippetExtractor").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: outputs
            )
        ]
    }

    /// README.md and every Markdown file of a `Modules/<Module>/<Module>.docc` catalog, relative
    /// to the package root, sorted.
    static func documents(in root: URL) throws -> [String] {
        var files = ["README.md"]
        let modules = root.appendingPathComponent("Modules")
        let manager = FileManager.default
        for module in try manager.contentsOfDirectory(atPath: modules.path).sorted() {
            let catalog = "Modules/\(module)/\(module).docc"
            guard let walker = manager.enumerator(atPath: root.appendingPathComponent(catalog).path) else { continue }
            let pages = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }.sorted()
            files += pages.map { "\(catalog)/\($0)" }
        }
        return files
    }

    /// A prefix for a file's generated sources: `README`, or `<Module>_<Page>` for a catalog page.
    static func stem(of file: String) -> String {
        let parts = file.dropLast(3).split(separator: "/").filter { $0 != "Modules" && !$0.hasSuffix(".docc") }
        return parts.joined(separator: "_").map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
    }
}
