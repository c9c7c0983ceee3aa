import Foundation

/// One item of the struct todo list (the `todo-struct` workload).
struct TodoEntry: Codable, Equatable, Sendable {
    var title: String
    var done: Bool
    var priority: Int
    var created: Date
}
