import BaseModelKit
import TodoListSupport

/// The shared `TodoList`, read fresh for each command so an unreadable file is reported.
///
/// `archive` writes the archive of completed items first and the list second, so a program
/// stopped between the two leaves the moved items in both files; the list drops them when it is
/// read (``unarchived(_:)``), and the next save writes it without them: an item is never lost
/// and never shown twice.
struct ListStorage: TodoStorage {
    func load() throws -> [TodoEntry] {
        try Self.unarchived(TodoList.reloadSharedInstance().items).map(\.entry)
    }

    /// A locked `TodoList.update`: concurrent commands never lose each other's changes.
    func update<Result>(_ change: (inout [TodoEntry]) throws -> Result) throws -> Result {
        try TodoList.update { list in
            list.items = try Self.unarchived(list.items)
            return try list.items.changeEntries(change)
        }
    }

    /// `items` without the done items the archive already holds (same identifier and label).
    static func unarchived(_ items: [TodoItem]) throws -> [TodoItem] {
        guard items.contains(where: \.checked) else { return items }
        let archived = try CompletedArchive.reloadSharedInstance().keys
        return items.filter { !$0.checked || !archived.contains(CompletedArchive.key(of: $0)) }
    }

    var files: [TodoFile] { Self.allFiles }

    /// Every file and store the program uses.
    static var allFiles: [TodoFile] {
        [
            TodoFile(
                role: "the list", location: TodoList.saveFileURL.path,
                format: "HRCoder JSON, editable by hand"),
            TodoFile(role: "settings", location: Settings.location, format: "one defaults entry per setting"),
            TodoFile(role: "completed items", location: CompletedArchive.saveFileURL.path, format: "FastCoding"),
            TodoFile(
                role: "private notes", location: PrivateNotes.saveFileURL.path,
                format: "FastCoding, encrypted: AES-256-GCM envelope, scrypt key"),
            TodoFile(
                role: "notes password", location: NotesPassword.keychainDirectory.path,
                format: "KeychainStore, service '\(NotesPassword.service)'"),
        ]
    }
}
