import Foundation

/// The results the snippets' text claims, checked against what their `print` calls print.
///
/// The extractor puts ``expect(_:at:)`` before every `print` line that ends in a comment; the
/// next line printed must then match the comment, where `…` stands for any text.
final class SnippetOutput: @unchecked Sendable {
    /// The one instance the program's `print` reports to.
    static let shared = SnippetOutput()

    // Every stored property below is read and written only while `lock` is held.
    private let lock = NSLock()
    private var pending: (claim: String, location: String)?
    private var checked = 0
    private var problems: [String] = []

    /// Records that the next line printed must match `claim`, the comment at `location`.
    static func expect(_ claim: String, at location: String) {
        shared.withLock {
            if let pending = shared.pending {
                shared.problems.append("\(pending.location): the text claims \"\(pending.claim)\", nothing was printed")
            }
            shared.pending = (claim, location)
        }
    }

    /// Checks `line`, one line printed, against the pending claim, if any.
    func printed(_ line: String) {
        withLock {
            guard let claim = pending else { return }
            pending = nil
            checked += 1
            if !Self.line(line, matches: claim.claim) {
                problems.append("\(claim.location): printed \"\(line)\", the text claims \"\(claim.claim)\"")
            }
        }
    }

    /// The claims checked since the last call and the ones that failed, starting afresh.
    func finish() -> (checked: Int, problems: [String]) {
        withLock {
            if let pending {
                problems.append("\(pending.location): the text claims \"\(pending.claim)\", nothing was printed")
            }
            defer { (pending, checked, problems) = (nil, 0, []) }
            return (checked, problems)
        }
    }

    /// Whether `line` is `claim`, each `…` of the claim standing for any text.
    static func line(_ line: String, matches claim: String) -> Bool {
        let pieces = claim.components(separatedBy: "…")
        guard pieces.count > 1 else { return line == claim }
        guard line.hasPrefix(pieces[0]), let last = pieces.last else { return false }
        var rest = line[line.index(line.startIndex, offsetBy: pieces[0].count)...]
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let found = rest.range(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return rest.hasSuffix(last)
    }

    private func withLock<Result>(_ body: () -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
