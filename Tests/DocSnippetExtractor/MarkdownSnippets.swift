/// Finds the fenced Swift blocks of one Markdown file and the marker each carries.
enum MarkdownSnippets {
    /// A Markdown file the extractor cannot read as the check needs it.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Whether `line` opens a Swift block: three backticks and `swift`, after any indentation.
    /// (The build plugin counts blocks with the same rule.)
    static func opensSwiftBlock(_ line: Substring) -> Bool {
        line.drop { $0 == " " }.hasPrefix("```swift")
    }

    /// The Swift blocks of `text`, read from `file` (its path relative to the package root).
    ///
    /// - Throws: ``Failure`` for a block with no closing fence or a marker that is not
    ///   `<!-- snippet: skip -->` or `<!-- snippet: continue -->`, naming the file and line.
    static func blocks(in text: String, file: String) throws -> [SnippetBlock] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var blocks: [SnippetBlock] = []
        var index = 0
        while index < lines.count {
            guard opensSwiftBlock(lines[index]) else {
                index += 1
                continue
            }
            let fence = index
            let indentation = lines[fence].prefix { $0 == " " }.count
            var code: [String] = []
            index += 1
            while index < lines.count, lines[index].drop(while: { $0 == " " }).hasPrefix("```") == false {
                code.append(String(lines[index].dropFirst(min(indentation, lines[index].prefix { $0 == " " }.count))))
                index += 1
            }
            guard index < lines.count else {
                throw Failure(description: "\(file):\(fence + 1): the Swift block opened here is never closed")
            }
            index += 1
            let marker = try marker(before: fence, in: lines, file: file)
            if marker == .continue, blocks.last(where: { $0.marker != .skip }) == nil {
                throw Failure(description: "\(file):\(fence + 1): `continue` needs a Swift block before it in the file")
            }
            blocks.append(SnippetBlock(file: file, firstLine: fence + 2, lines: code, marker: marker))
        }
        return blocks
    }

    /// The marker in the nearest non-blank line above the fence at `fence`, if that line is one.
    private static func marker(before fence: Int, in lines: [Substring], file: String) throws -> SnippetBlock.Marker {
        guard let above = lines[..<fence].last(where: { !$0.allSatisfy(\.isWhitespace) }) else { return .none }
        let text = above.trimmingSpaces
        let prefix = "<!-- snippet:"
        guard text.hasPrefix(prefix), text.hasSuffix("-->") else { return .none }
        let word = text.dropFirst(prefix.count).dropLast(3).trimmingSpaces
        guard let marker = SnippetBlock.Marker(rawValue: String(word)), marker != .none else {
            throw Failure(
                description: "\(file):\(fence): unknown snippet marker \"\(word)\"; use skip or continue")
        }
        return marker
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: Substring {
        let start = drop { $0 == " " || $0 == "\t" }
        var end = start.endIndex
        while end > start.startIndex, [" ", "\t"].contains(start[start.index(before: end)]) {
            end = start.index(before: end)
        }
        return start[..<end]
    }
}
