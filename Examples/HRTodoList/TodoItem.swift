import BaseModelKit
import Foundation
import TodoListSupport

/// One item. A file a person wrote may leave out `checked` and `created`: a model is
/// `Evolvable`, so they take their `init()` values (not done, made when the file was read).
final class TodoItem: BaseModel, TodoEntryConvertible {
    var label = ""
    var checked = false
    var created = Date()

    init() {}

    init(_ entry: TodoEntry) {
        label = entry.label
        checked = entry.checked
        created = entry.created
    }

    var entry: TodoEntry { TodoEntry(label: label, checked: checked, created: created) }

    /// Saving an item saves the shared list that holds it, as in the original.
    func save() throws {
        try TodoList.shared.save()
    }
}
