import CommandLineSupport
import Foundation

/// The commands every todo program shares: `add`, `list`, `done`, `undo`, `remove`, `clear`, `where`.
public enum TodoCommands {
    /// The command lines of the shared commands, for a program's `--help`.
    public static let usage = """
          add TEXT         add an item
          list [--dates]   show the items, numbered from 1; [x] marks the done ones
          done N           mark item N done
          undo N           mark item N not done
          remove N         delete item N
          clear            delete every item
          where            show the files used and their formats
        """

    /// Runs `command` if it is one of the shared commands, reading its arguments from
    /// `arguments`; returns `false` (consuming nothing more) when it is not.
    ///
    /// - Throws: ``CommandLineError`` for a wrong argument or index; the storage's errors.
    public static func run(
        _ command: String,
        _ arguments: inout ArgumentList,
        storage: some TodoStorage,
        showDates: Bool = false
    ) throws -> Bool {
        switch command {
        case "add":
            let words = remaining(&arguments)
            try arguments.finish()
            let text = words.joined(separator: " ")
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw CommandLineError.usage("missing TEXT")
            }
            let count = try storage.update { entries in
                entries.append(TodoEntry(label: text))
                return entries.count
            }
            print("\(count). [ ] \(shown(text))")
        case "list":
            let dates = arguments.flag("--dates") || showDates
            try arguments.finish()
            print(render(try storage.load(), dates: dates), terminator: "")
        case "done", "undo":
            let position = try index(&arguments)
            let entry = try storage.update { entries in
                try check(position, in: entries)
                entries[position - 1].checked = command == "done"
                return entries[position - 1]
            }
            print(line(entry, number: position, dates: false))
        case "remove":
            let position = try index(&arguments)
            let removed = try storage.update { entries in
                try check(position, in: entries)
                return entries.remove(at: position - 1)
            }
            print("removed: \(shown(removed.label))")
        case "clear":
            try arguments.finish()
            let count = try storage.update { entries in
                let count = entries.count
                entries.removeAll()
                return count
            }
            print("removed \(count) item\(count == 1 ? "" : "s")")
        case "where":
            try arguments.finish()
            for file in storage.files {
                print("\(file.role): \(file.location) (\(file.format))")
            }
        default:
            return false
        }
        return true
    }

    /// The items as `list` prints them, one line each; "no items" for an empty list.
    public static func render(_ entries: [TodoEntry], dates: Bool) -> String {
        guard !entries.isEmpty else { return "no items\n" }
        return entries.enumerated().map { line($1, number: $0 + 1, dates: dates) + "\n" }.joined()
    }

    /// One item as `list` prints it: `3. [x] Feed the cat`.
    public static func line(_ entry: TodoEntry, number: Int, dates: Bool) -> String {
        let mark = entry.checked ? "[x]" : "[ ]"
        let date = dates ? "  (added \(entry.created.formatted(.iso8601)))" : ""
        return "\(number). \(mark) \(shown(entry.label))\(date)"
    }

    /// `label` on one line: control characters and line separators (a label may hold them,
    /// from the command line or a hand-edited file) are shown as escapes such as `\n`.
    static func shown(_ label: String) -> String {
        var text = ""
        for scalar in label.unicodeScalars {
            let breaksLine =
                scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
            text += breaksLine ? scalar.escaped(asASCII: true) : String(scalar)
        }
        return text
    }

    private static func remaining(_ arguments: inout ArgumentList) -> [String] {
        var words: [String] = []
        while let word = arguments.nextIfPresent() { words.append(word) }
        return words
    }

    private static func index(_ arguments: inout ArgumentList) throws -> Int {
        let text = try arguments.next("N")
        try arguments.finish()
        guard let number = Int(text) else {
            throw CommandLineError.usage("'\(text)' is not an item number")
        }
        return number
    }

    private static func check(_ position: Int, in entries: [TodoEntry]) throws {
        guard entries.indices.contains(position - 1) else {
            let range = entries.isEmpty ? "the list is empty" : "the list has items 1 to \(entries.count)"
            throw CommandLineError("no item \(position): \(range)")
        }
    }
}
