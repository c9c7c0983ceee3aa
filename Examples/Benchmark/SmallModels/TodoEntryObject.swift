import Foundation

/// One item of the class todo list: ``TodoEntry``'s fields in a final class (Codable, not `NSObject`).
final class TodoEntryObject: Codable {
    var title: String
    var done: Bool
    var priority: Int
    var created: Date

    init(_ entry: TodoEntry) {
        title = entry.title
        done = entry.done
        priority = entry.priority
        created = entry.created
    }

    /// The value form, used to check a decoded list field by field.
    var value: TodoEntry { TodoEntry(title: title, done: done, priority: priority, created: created) }
}
