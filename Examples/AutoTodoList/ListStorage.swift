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

    /// Loads, changes and saves the list holding an `flock` on `.TodoList.plist.lock` beside
    /// it (CodingCore's lock, the one BaseModelKit's updates take): concurrent commands take turns.
    func update<Result>(_ change: (inout [TodoEntry]) throws -> Result) throws -> Result {
        let lockFile: FileSystemPath
        do {
            try Folder.create(at: file.deletingLastPathComponent())
            guard let path = FileSystemPath(file) else {
                throw FileLockError(path: file.path, code: FileSystemPath.refusal(of: file))
            }
            lockFile = try FileLock.lockFile(guarding: path)
        } catch {
            throw CommandLineError("cannot lock the list '\(file.path)': \(error)")
        }
        return try FileLock.withExclusiveLock(on: lockFile) {
            var entries = try load()
            let result = try change(&entries)
            try save(entries)
            return result
        }
    }

    private func save(_ entries: [TodoEntry]) throws {
        let list = TodoList(items: entries.map { TodoItem(label: $0.label, checked: $0.checked, created: $0.created) })
        do {
            try list.writeKeyedArchive(to: file)
        } catch {
            throw CommandLineError("cannot save the list to '\(file.path)': \(error)")
        }
    }

    var files: [TodoFile] {
        [TodoFile(role: "the list", location: file.path, format: "keyed archive: NSKeyedArchiver layout, binary plist")]
    }
}
