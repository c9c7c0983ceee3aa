/// One snippet of the documentation: a Swift block (and the blocks marked to continue it),
/// compiled into this program by the DocSnippetsPlugin build plugin.
struct DocSnippet: Sendable {
    /// `<stem>_<n>`: the Markdown file's stem and the block's position in it.
    var name: String
    /// `file:line` of the first code line of each block it is made of.
    var locations: [String]
    /// The blocks' code, run as the body of one function.
    var run: @MainActor @Sendable () async throws -> Void
}
