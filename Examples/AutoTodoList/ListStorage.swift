import AutoCodingKit
import CommandLineSupport
import Foundation
import TodoListSupport

/// `TodoList.plist` in the data folder, read and written whole with AutoCodingKit.
struct ListStorage: TodoStorage {
    let file: URL

    init(directory: URL = UserDataDirectory.url(for: "AutoTodoList")) {
        file = directory.appendingPathComponent("TodoList.plist")
    }

    func load() throws -> [TodoEntry] {
        do {
            return try TodoList(keyedArchiveAt: file).items.map {
                TodoEntry(label: $0.label, checked: $0.checked, created: $0.created)
            }
        } catch let error as FileReadError where error.isMissingFile {
            return []
        } catch {
            throw CommandLineError("cannot read the list '\(file.path)' (left as it is): \(error)")
        }
    }

    func save(_ entries: [TodoEntry]) throws {
        let list = TodoList(items: entries.map { TodoItem(label: $0.label, checked: $0.checked, created: $0.created) })
        do {
            try Folder.create(at: file.deletingLastPathComponent())
            try list.writeKeyedArchive(to: file)
        } catch {
            throw CommandLineError("cannot save the list to '\(file.path)': \(error)")
        }
    }

    var files: [TodoFile] {
        [TodoFile(role: "the list", location: file.path, format: "keyed archive: NSKeyedArchiver layout, binary plist")]
    }
}
