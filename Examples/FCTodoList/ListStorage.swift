import BaseModelKit
import TodoListSupport

/// The shared `TodoList`, read fresh for each command so an unreadable file is reported.
struct ListStorage: TodoStorage {
    func load() throws -> [TodoEntry] {
        try TodoList.reloadSharedInstance().items.map(\.entry)
    }

    /// A locked `TodoList.update`: concurrent commands never lose each other's changes.
    func update<Result>(_ change: (inout [TodoEntry]) throws -> Result) throws -> Result {
        try TodoList.update { try $0.items.changeEntries(change) }
    }

    var files: [TodoFile] {
        [TodoFile(role: "the list", location: TodoList.saveFileURL.path, format: "FastCoding")]
    }
}
