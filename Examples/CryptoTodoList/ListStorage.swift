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

    var files: [TodoFile] {
        [
            TodoFile(
                role: "the list", location: TodoList.saveFileURL.path,
                format: "binary property list, encrypted: AES-256-GCM envelope, scrypt key")
        ]
    }
}
