import BaseModelKit
import Foundation
import TodoListSupport

/// One item. A file a person wrote may leave out `checked` (not done) and `created` (now);
/// the bundled starting list holds plain strings, which become items through `StringSettable`.
final class TodoItem: BaseModel, StringSettable {
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

    private enum CodingKeys: String, CodingKey {
        case label, checked, created
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        label = try container.decode(String.self, forKey: .label)
        checked = try container.decodeIfPresent(Bool.self, forKey: .checked) ?? false
        created = try container.decodeIfPresent(Date.self, forKey: .created) ?? Date()
    }

    var entry: TodoEntry { TodoEntry(label: label, checked: checked, created: created) }

    /// Saving an item saves the shared list that holds it, as in the original.
    func save() throws {
        try TodoList.shared.save()
    }
}
