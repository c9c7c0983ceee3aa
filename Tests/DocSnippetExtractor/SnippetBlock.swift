/// One fenced Swift block of a Markdown file, as the documentation shows it.
struct SnippetBlock {
    /// How the block takes part in the snippet check, from the HTML comment on the line before its fence.
    enum Marker: String {
        /// A complete program: compiled, and run, in a scope of its own.
        case none
        /// `<!-- snippet: continue -->`: compiled and run in the scope of the block before it in the same file.
        case `continue`
        /// `<!-- snippet: skip -->`: not Swift the package can compile (a manifest fragment), so left out.
        case skip
    }

    /// The file's path relative to the package root (`README.md`, `Modules/…/X.md`).
    var file: String
    /// The 1-based line of the block's first code line (the line after the fence).
    var firstLine: Int
    /// The code lines, without the fences.
    var lines: [String]
    var marker: Marker

    /// `file:line` of the first code line, as the check reports it.
    var location: String { "\(file):\(firstLine)" }
}
