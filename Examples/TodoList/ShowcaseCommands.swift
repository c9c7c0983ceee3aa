import BaseModelKit
import CommandLineSupport
import Foundation
import TodoListSupport

/// The commands only the showcase has: each touches one more model, in its own format.
enum ShowcaseCommands {
    static let usage = """
          archive          move the done items to the archive of completed items (FastCoding)
          archived         show the archived items
          note TEXT        add a private note (encrypted; the password is kept in KeychainStore)
          notes            show the private notes
          dates on|off     whether list shows creation dates (a setting in UserDefaults)
          demo             a short walk-through in a temporary folder, showing every file
        """

    /// Runs `command` if it is one of the showcase's; returns `false` when it is not.
    static func run(_ command: String, _ arguments: inout ArgumentList) throws -> Bool {
        switch command {
        case "archive":
            try arguments.finish()
            let count = try TodoList.update { list in
                list.items = try ListStorage.unarchived(list.items)
                return try CompletedArchive.archiveDone(of: list)
            }
            print("archived \(count) item\(count == 1 ? "" : "s")")
        case "archived":
            try arguments.finish()
            let items = try CompletedArchive.reloadSharedInstance().items
            print(TodoCommands.render(items.map(\.entry), dates: true), terminator: "")
        case "note":
            var words: [String] = []
            while let word = arguments.nextIfPresent() { words.append(word) }
            try arguments.finish()
            guard !words.isEmpty else { throw CommandLineError.usage("missing TEXT") }
            let count = try PrivateNotes.update { notes in
                notes.notes.append(Note(text: words.joined(separator: " "), created: Date()))
                return notes.notes.count
            }
            print("\(count) private note\(count == 1 ? "" : "s")")
        case "notes":
            try arguments.finish()
            let notes = try PrivateNotes.reloadSharedInstance().notes
            if notes.isEmpty { print("no notes") }
            for (number, note) in notes.enumerated() {
                print("\(number + 1). \(note.text)")
            }
        case "dates":
            let value = try arguments.next("on or off")
            try arguments.finish()
            guard value == "on" || value == "off" else {
                throw CommandLineError.usage("dates takes 'on' or 'off', not '\(value)'")
            }
            try Settings.update { $0.showDates = value == "on" }
        default:
            return false
        }
        return true
    }
}
