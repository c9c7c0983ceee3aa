import BaseModelKit
import Foundation
import TodoListSupport

/// One item. A file a person wrote may leave out `checked` and `created`: a model is
/// `Evolvable`, so they take their `init()` values (not done, made when the file was read);
/// the bundled starting list holds plain strings, which become items through `StringSettable`.
final class TodoItem: BaseModel, StringSettable, TodoEntryConvertible {
    var label = ""
    var checked = false
    var created = Date()
    /// Stable across saves and moves: how the archive of completed items recognises an item
    /// an interrupted `archive` left in the list as well. A hand-written item without one gets
    /// a new one when the list is next saved.
    var id = TodoItem.newUniqueIdentifier()

    init() {}

    init(_ entry: TodoEntry) {
        label = entry.label
        checked = entry.checked
        created = entry.created
        if let id = entry.id { self.id = id }
    }

    func setWithString(_ string: String) throws {
        label = string
    }

    var entry: TodoEntry { TodoEntry(label: label, checked: checked, created: created, id: id) }

    /// Saving an item saves the shared list that holds it, as in the original.
    func save() throws {
        try TodoList.shared.save()
    }
}
