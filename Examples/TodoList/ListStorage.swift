import BaseModelKit
import TodoListSupport

/// The shared `TodoList`, read fresh for each command so an unreadable file is reported.
struct ListStorage: TodoStorage {
    func load() throws -> [TodoEntry] {
        try TodoList.reloadSharedInstance().items.map(\.entry)
    }

    func save(_ entries: [TodoEntry]) throws {
        TodoList.shared.items = entries.map(TodoItem.init)
        try TodoList.shared.save()
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
