import BaseModelKit
import Foundation
import TodoListSupport

/// One item. The bundled starting list holds plain strings, which become items through
/// `StringSettable` (the original's `setWithString:`).
final class TodoItem: BaseModel, StringSettable, TodoEntryConvertible {
    var label = ""
    var checked = false
    var created = Date()

    init() {}

    init(_ entry: TodoEntry) {
        label = entry.label
        checked = entry.checked
        created = entry.created
    }

    func setWithString(_ string: String) throws {
        label = string
    }

    var entry: TodoEntry { TodoEntry(label: label, checked: checked, created: created) }

    /// Saving an item saves the shared list that holds it, as in the original.
    func save() throws {
        try TodoList.shared.save()
    }
}
