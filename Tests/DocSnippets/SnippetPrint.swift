/// The snippets' `print` (it shadows the standard library's in this module): prints as
/// `Swift.print` does, and hands the line to ``SnippetOutput`` to check a claimed result.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { "\($0)" }.joined(separator: separator)
    Swift.print(text, terminator: terminator)
    SnippetOutput.shared.printed(text)
}
